import type { DeviceCommandResult } from '@coursekit/core'
import { type DeviceDescription, describeDevice } from '@coursekit/core/display'
import { useMemo } from 'react'
import { useCourseClient } from '../course-client-context.ts'
import type { VideoWatch } from '../lessons/use-video-watch.ts'

/** The video-conflict dialog, headless. */
export interface VideoConflictDialogModel {
  open: boolean
  videoId: string
  /** The device already watching (browser, OS, last seen). */
  device: DeviceDescription | null
  /** terminate-others is on its way. */
  resolving: boolean
  /** 다른 기기 세션을 종료할 수 없습니다, when ending the other watch failed. */
  error: string | null
  /** Ends the other device's watch (다른 기기 시청이 종료되었습니다.) and watches here. */
  endOtherWatch(): Promise<DeviceCommandResult>
  close(): void
}

/** The conflict of a `useVideoWatch` as a dialog model. */
export function useVideoConflictDialog(watch: VideoWatch): VideoConflictDialogModel {
  const client = useCourseClient()
  const { conflict } = watch
  const device = useMemo(() => (conflict ? describeDevice(conflict, client.clock.now()) : null), [conflict, client])
  const open = conflict !== null
  return {
    open,
    videoId: watch.videoId,
    device,
    resolving: watch.resolving,
    error: open ? watch.error : null,
    endOtherWatch: watch.endOtherWatch,
    close: watch.dismissConflict,
  }
}
