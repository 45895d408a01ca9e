import {
  createVideoWatchObserver,
  type DeviceCommandResult,
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

/**
 * Tells the server what this device watches while `playing` (the core's `VideoWatchObserver`):
 * mounting subscribes, unmounting or pausing ends the watch, a new `videoId` replaces it.
 */
export function useVideoWatch(videoId: string, options: { playing: boolean }): VideoWatch {
  const { devices } = useCourseClient()
  const { playing } = options
  // Creating an observer has no effect until it is subscribed, so a discarded one costs nothing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the options follow through setOptions below
  const observer = useMemo(() => createVideoWatchObserver(devices, { videoId, playing }), [devices])
  useEffect(() => observer.setOptions({ videoId, playing }), [observer, videoId, playing])
  const snapshot = useSyncExternalStore(observer.subscribe, observer.getSnapshot, observer.getSnapshot)
  return useMemo(
    () => ({ ...snapshot, endOtherWatch: observer.endOtherWatch, dismissConflict: observer.dismissConflict }),
    [snapshot, observer],
  )
}
