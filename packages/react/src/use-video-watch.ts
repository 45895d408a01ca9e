import { type DeviceCommandResult, deviceErrorCodes, messages } from '@coursekit/core'
import type { DeviceInfo } from '@coursekit/core/contract'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useCourseClient } from './course-client-context.ts'
import { useDeviceSession } from './use-device-session.ts'

export type VideoWatchStatus =
  /** Not playing, or nobody signed in, or no device service. */
  | 'idle'
  /** Playing; the watch is being registered with the server. */
  | 'starting'
  /** The server counts this device as watching this video. */
  | 'watching'
  /** Another device of the user is watching (409): pause, and offer `endOtherWatch`. */
  | 'conflict'
  /** The watch could not be registered (not a conflict); `error` says why. */
  | 'error'

export interface VideoWatch {
  videoId: string
  status: VideoWatchStatus
  /** The device already watching, while in conflict. */
  conflict: DeviceInfo | null
  error: string | null
  /** terminate-others is on its way. */
  resolving: boolean
  /**
   * Ends the watch on the user's other devices (terminate-others: 다른 기기 시청이 종료되었습니다.)
   * and, while `playing`, starts watching here again.
   */
  endOtherWatch(): Promise<DeviceCommandResult>
  /** Forgets the conflict (e.g. the user chose not to end the other device's watch). */
  dismissConflict(): void
}

interface WatchAttempt {
  /** The video this attempt is about: a new videoId starts from a clean one. */
  videoId: string
  starting: boolean
  conflict: DeviceInfo | null
  error: string | null
  resolving: boolean
}

const freshAttempt = (videoId: string): WatchAttempt => ({
  videoId,
  starting: false,
  conflict: null,
  error: null,
  resolving: false,
})

/**
 * Tells the server what this device watches (spec sections 4 and 7): a watch starts when `playing`
 * turns true and ends when it turns false, when the component unmounts or when `videoId` changes.
 * Page hide ends it in the core (a beacon) and the page coming back restores it. A 409 becomes the
 * `conflict` state (also when the core's batched update meets one).
 *
 * The end is sent a microtask after the cleanup, and only for this video: effects that run twice
 * (StrictMode, Fast Refresh) keep one watch, and a player that replaces this one is not stopped.
 */
export function useVideoWatch(videoId: string, options: { playing: boolean }): VideoWatch {
  const { devices } = useCourseClient()
  const { playing } = options
  const sessionId = useDeviceSession((state) => state.sessionId)
  const watchingHere = useDeviceSession((state) => state.isWatchingVideo && state.videoId === videoId) ?? false
  const [stored, setStored] = useState(() => freshAttempt(videoId))
  const attempt = stored.videoId === videoId ? stored : freshAttempt(videoId)
  const patch = useCallback(
    (forVideo: string, fields: Partial<WatchAttempt>) =>
      setStored((state) => ({ ...(state.videoId === forVideo ? state : freshAttempt(forVideo)), ...fields })),
    [],
  )
  const [round, setRound] = useState(0)
  const pendingStop = useRef<{ videoId: string; cancelled: boolean } | null>(null)
  const latestPlaying = useRef(playing)
  useEffect(() => {
    latestPlaying.current = playing
  })

  // A conflict found later (a batched update answered 409) for this video.
  useEffect(() => {
    if (!devices) return
    return devices.events.subscribe('videoConflict', (conflict) => {
      if (conflict.videoId === videoId) patch(videoId, { starting: false, conflict: conflict.device })
    })
  }, [devices, videoId, patch])

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` restarts the watch after endOtherWatch
  useEffect(() => {
    if (!devices || !playing || sessionId === null) return
    const stop = pendingStop.current
    if (stop?.videoId === videoId) stop.cancelled = true
    pendingStop.current = null
    let current = true
    patch(videoId, { starting: true, error: null })
    void devices.startWatching(videoId).then((result) => {
      if (!current) return
      if (result.ok) patch(videoId, { starting: false, conflict: null, error: null })
      else if (result.conflict) patch(videoId, { starting: false, conflict: result.conflict })
      else if (result.code === deviceErrorCodes.superseded) patch(videoId, { starting: false })
      else patch(videoId, { starting: false, error: result.error })
    })
    return () => {
      current = false
      const stopping = { videoId, cancelled: false }
      pendingStop.current = stopping
      void Promise.resolve().then(() => {
        if (!stopping.cancelled) void devices.stopWatching(videoId)
      })
    }
  }, [devices, playing, sessionId, videoId, round, patch])

  const endOtherWatch = useCallback(async (): Promise<DeviceCommandResult> => {
    if (!devices) return { ok: false, error: messages.noSessionInfo, code: deviceErrorCodes.noSession, status: 0 }
    patch(videoId, { resolving: true })
    const result = await devices.terminateOthers(videoId)
    patch(
      videoId,
      result.ok ? { resolving: false, conflict: null, error: null } : { resolving: false, error: result.error },
    )
    if (result.ok && latestPlaying.current) setRound((value) => value + 1)
    return result
  }, [devices, videoId, patch])

  const dismissConflict = useCallback(() => patch(videoId, { conflict: null, error: null }), [videoId, patch])

  return {
    videoId,
    status: statusOf(attempt, watchingHere, playing && sessionId !== null),
    conflict: attempt.conflict,
    error: attempt.error,
    resolving: attempt.resolving,
    endOtherWatch,
    dismissConflict,
  }
}

function statusOf(attempt: WatchAttempt, watchingHere: boolean, active: boolean): VideoWatchStatus {
  if (attempt.conflict) return 'conflict'
  if (watchingHere) return 'watching'
  if (!active) return 'idle'
  if (attempt.starting) return 'starting'
  return attempt.error ? 'error' : 'idle'
}
