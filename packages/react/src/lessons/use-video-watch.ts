import {
  createVideoWatchObserver,
  type DeviceCommandResult,
  noDeviceSession,
  type VideoWatchSnapshot,
  type VideoWatchStatus,
} from '@coursekit/core'
import { useEffect, useMemo, useSyncExternalStore } from 'react'
import { useCourseClient } from '../course-client-context.ts'

export type { VideoWatchStatus }

export interface VideoWatch extends VideoWatchSnapshot {
  /**
   * Ends the watch on the user's other devices (terminate-others: 다른 기기 시청이 종료되었습니다.)
   * and, while `playing`, starts watching here again.
   */
  endOtherWatch(): Promise<DeviceCommandResult>
  /** Forgets the conflict (e.g. the user chose not to end the other device's watch). */
  dismissConflict(): void
}

const subscribeNothing = () => () => {}
const endNothing = () => Promise.resolve(noDeviceSession())
const dismissNothing = () => {}

/**
 * Tells the server what this device watches while `playing` (the core's `VideoWatchObserver`):
 * mounting subscribes, unmounting or pausing ends the watch, a new `videoId` replaces it.
 */
export function useVideoWatch(videoId: string, options: { playing: boolean }): VideoWatch {
  const { devices } = useCourseClient()
  const { playing } = options
  // Creating an observer has no effect until it is subscribed, so a discarded one costs nothing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the options follow through setOptions below
  const observer = useMemo(() => devices && createVideoWatchObserver(devices, { videoId, playing }), [devices])
  useEffect(() => observer?.setOptions({ videoId, playing }), [observer, videoId, playing])
  const snapshot = useSyncExternalStore(
    observer ? observer.subscribe : subscribeNothing,
    observer ? observer.getSnapshot : () => null,
    observer ? observer.getSnapshot : () => null,
  )
  const idle = useMemo(
    () => ({ videoId, status: 'idle' as const, conflict: null, error: null, resolving: false, endedElsewhere: false }),
    [videoId],
  )
  return useMemo(
    () => ({
      ...(snapshot ?? idle),
      endOtherWatch: observer ? observer.endOtherWatch : endNothing,
      dismissConflict: observer ? observer.dismissConflict : dismissNothing,
    }),
    [snapshot, idle, observer],
  )
}
