import type { DeviceInfo } from '../contract/session-tracker.ts'
import { messages } from '../kernel/messages.ts'
import { commandFailure, type DeviceCommandResult, deviceErrorCodes } from './device-public-types.ts'
import type { DeviceSessionService } from './device-service.ts'

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

export interface VideoWatchOptions {
  videoId: string
  /** Whether the player plays: the watch runs exactly while this is true and someone is subscribed. */
  playing: boolean
}

/** One player's watch as a UI shows it. A new object whenever anything in it changes. */
export interface VideoWatchSnapshot {
  videoId: string
  status: VideoWatchStatus
  /** The device already watching, while in conflict. */
  conflict: DeviceInfo | null
  error: string | null
  /** terminate-others is on its way. */
  resolving: boolean
  /**
   * The server ended this watch because another device of the user took it over (terminate-others
   * there): the player should stop and say so. Cleared when a watch starts here again.
   */
  endedElsewhere: boolean
}

/**
 * One player's watch (spec sections 4 and 7), for any binding: a watch starts while `playing` and
 * someone is subscribed, and ends when `playing` turns false, the last subscriber leaves or
 * `videoId` changes. A 409 becomes the `conflict` state (also when the core's batched update meets one).
 *
 * The end is sent a microtask after it is due, and only for this video: a subscriber that leaves and
 * comes back at once (React effects that run twice) keeps one watch, and a player that replaces this
 * one is not stopped. Creating an observer does nothing; subscribing starts it.
 */
export interface VideoWatchObserver {
  /** The same object until something changes (what `useSyncExternalStore` needs). */
  getSnapshot(): VideoWatchSnapshot
  /** Returns the unsubscribe function; the first subscriber starts following, the last one's leaving ends the watch. */
  subscribe(listener: () => void): () => void
  setOptions(options: VideoWatchOptions): void
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
  endedElsewhere: boolean
}

/** The watch this observer asked the service for: a change of any field ends it and starts another. */
interface RunningWatch {
  videoId: string
  sessionId: string
  round: number
  /** False once this watch ended here: its answer changes nothing then. */
  current: boolean
}

const freshAttempt = (videoId: string): WatchAttempt => ({
  videoId,
  starting: false,
  conflict: null,
  error: null,
  resolving: false,
  endedElsewhere: false,
})

/** Without a device service (null) the watch stays `idle`: nothing is sent, and `endOtherWatch` fails as a value. */
export function createVideoWatchObserver(
  devices: DeviceSessionService | null,
  initialOptions: VideoWatchOptions,
): VideoWatchObserver {
  return devices ? watchOf(devices, initialOptions) : idleVideoWatch(initialOptions.videoId)
}

function watchOf(devices: DeviceSessionService, initialOptions: VideoWatchOptions): VideoWatchObserver {
  let options = initialOptions
  let attempt = freshAttempt(options.videoId)
  const listeners = new Set<() => void>()
  let unfollow: (() => void) | null = null
  let running: RunningWatch | null = null
  /** Bumped by endOtherWatch to start the watch again. */
  let round = 0
  let pendingStop: { videoId: string; cancelled: boolean } | null = null
  let snapshot = snapshotOf()

  function snapshotOf(): VideoWatchSnapshot {
    const { sessionId, isWatchingVideo, videoId } = devices.store.getState()
    const watchingHere = isWatchingVideo && videoId === options.videoId
    const active = options.playing && sessionId !== null
    return {
      videoId: options.videoId,
      status: statusOf(attempt, watchingHere, active),
      conflict: attempt.conflict,
      error: attempt.error,
      resolving: attempt.resolving,
      endedElsewhere: attempt.endedElsewhere,
    }
  }

  function publish(): void {
    const next = snapshotOf()
    if (
      next.videoId === snapshot.videoId &&
      next.status === snapshot.status &&
      next.conflict === snapshot.conflict &&
      next.error === snapshot.error &&
      next.resolving === snapshot.resolving &&
      next.endedElsewhere === snapshot.endedElsewhere
    ) {
      return
    }
    snapshot = next
    for (const listener of [...listeners]) listener()
  }

  function patch(forVideo: string, fields: Partial<WatchAttempt>): void {
    if (attempt.videoId !== forVideo) return
    attempt = { ...attempt, ...fields }
    publish()
  }

  /** Starts, ends or replaces the service's watch so that it matches the options and the session. */
  function sync(): void {
    const { sessionId } = devices.store.getState()
    const wanted = listeners.size > 0 && options.playing && sessionId !== null
    if (
      running !== null &&
      wanted &&
      running.videoId === options.videoId &&
      running.sessionId === sessionId &&
      running.round === round
    ) {
      return
    }
    if (running !== null) release(running)
    running = null
    if (wanted && sessionId !== null) begin({ videoId: options.videoId, sessionId, round, current: true })
  }

  function begin(watch: RunningWatch): void {
    running = watch
    if (pendingStop?.videoId === watch.videoId) pendingStop.cancelled = true
    pendingStop = null
    const { videoId } = watch
    patch(videoId, { starting: true, error: null, endedElsewhere: false })
    void devices.startWatching(videoId).then((result) => {
      if (!watch.current) return
      if (result.ok) patch(videoId, { starting: false, conflict: null, error: null })
      else if (result.conflict) patch(videoId, { starting: false, conflict: result.conflict })
      else if (result.code === deviceErrorCodes.superseded) patch(videoId, { starting: false })
      else patch(videoId, { starting: false, error: result.error })
    })
  }

  function release(watch: RunningWatch): void {
    watch.current = false
    const stopping = { videoId: watch.videoId, cancelled: false }
    pendingStop = stopping
    queueMicrotask(() => {
      if (!stopping.cancelled) void devices.stopWatching(stopping.videoId)
    })
  }

  function follow(): () => void {
    const offStore = devices.store.subscribe((state, previous) => {
      if (state.sessionId !== previous.sessionId) sync()
      publish()
    })
    // A conflict found later (a batched update answered 409) for this video.
    const offConflict = devices.events.subscribe('videoConflict', (conflict) => {
      if (conflict.videoId === options.videoId) patch(options.videoId, { starting: false, conflict: conflict.device })
    })
    // Another device took the watch over (its terminate-others), heard with a heartbeat's answer.
    const offTerminated = devices.events.subscribe('watchTerminated', ({ videoId }) => {
      if (videoId === options.videoId) patch(videoId, { endedElsewhere: true })
    })
    return () => {
      offStore()
      offConflict()
      offTerminated()
    }
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener)
      if (listeners.size === 1) {
        unfollow = follow()
        sync()
        publish()
      }
      return () => {
        if (!listeners.delete(listener) || listeners.size > 0) return
        unfollow?.()
        unfollow = null
        sync()
      }
    },
    setOptions(next) {
      if (next.videoId === options.videoId && next.playing === options.playing) return
      options = next
      if (attempt.videoId !== next.videoId) attempt = freshAttempt(next.videoId)
      sync()
      publish()
    },
    async endOtherWatch() {
      const { videoId } = options
      patch(videoId, { resolving: true })
      const result = await devices.terminateOthers(videoId)
      patch(
        videoId,
        result.ok ? { resolving: false, conflict: null, error: null } : { resolving: false, error: result.error },
      )
      if (result.ok && options.playing) {
        round++
        sync()
      }
      return result
    },
    dismissConflict: () => patch(options.videoId, { conflict: null, error: null }),
  }
}

/** The watch of a client without a device service: idle for whichever video, with no session to act for. */
function idleVideoWatch(videoId: string): VideoWatchObserver {
  let snapshot = idleSnapshot(videoId)
  const listeners = new Set<() => void>()
  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    setOptions(next) {
      if (next.videoId === snapshot.videoId) return
      snapshot = idleSnapshot(next.videoId)
      for (const listener of [...listeners]) listener()
    },
    endOtherWatch: () => Promise.resolve(commandFailure(messages.noSessionInfo, deviceErrorCodes.noSession)),
    dismissConflict: () => {},
  }
}

const idleSnapshot = (videoId: string): VideoWatchSnapshot => {
  const { starting: _, ...attempt } = freshAttempt(videoId)
  return { ...attempt, status: 'idle' }
}

function statusOf(attempt: WatchAttempt, watchingHere: boolean, active: boolean): VideoWatchStatus {
  if (attempt.conflict) return 'conflict'
  if (watchingHere) return 'watching'
  if (!active) return 'idle'
  if (attempt.starting) return 'starting'
  return attempt.error ? 'error' : 'idle'
}
