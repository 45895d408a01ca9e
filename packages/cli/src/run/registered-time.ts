import type { Clock, DeviceSessionState } from '@coursekit/core'

/** A device's registered time on the run's clock, split by whether a video played. */
export interface RegisteredTime {
  /** Closes the span up to now and opens the next in the state given (null: no longer open, as a closed page). */
  account(state: DeviceSessionState | null): void
  readonly watchingMs: number
  readonly idleMs: number
}

/** `onRegistration` hears each change of whether the device is registered: +1 on, -1 off. */
export function createRegisteredTime(clock: Clock, onRegistration?: (change: 1 | -1) => void): RegisteredTime {
  const time = { watchingMs: 0, idleMs: 0, mode: null as 'watching' | 'idle' | null, since: clock.now() }
  return {
    account(state) {
      const now = clock.now()
      if (time.mode === 'watching') time.watchingMs += now - time.since
      else if (time.mode === 'idle') time.idleMs += now - time.since
      time.since = now
      const wasRegistered = time.mode !== null
      time.mode = !state?.isInitialized ? null : state.isWatchingVideo ? 'watching' : 'idle'
      if (wasRegistered !== (time.mode !== null)) onRegistration?.(wasRegistered ? -1 : 1)
    },
    get watchingMs() {
      return time.watchingMs
    },
    get idleMs() {
      return time.idleMs
    },
  }
}
