import type { Clock } from '../kernel/clock.ts'
import { FORGOTTEN_REREGISTER_MIN_GAP_MS } from '../kernel/constants.ts'
import type { ReadableStore } from '../kernel/store.ts'
import type { DeviceEviction } from './device-eviction.ts'
import type { DeviceSessionState } from './device-public-types.ts'
import type { DeviceRegistration } from './device-registration.ts'
import type { DeviceSession } from './device-session.ts'
import type { DeviceWatch } from './device-watch.ts'

/**
 * A device the server forgot (SESSION_REVOKED, reason `unknown`: a backend restart lost it) is
 * registered again instead of signing the person out, and the watch it had is sent again, so a
 * lesson goes on. The rule of which reasons sign out is decided in evictIfRevoked
 * (device-eviction.ts). Once per session id within FORGOTTEN_REREGISTER_MIN_GAP_MS: a server
 * that forgets again so soon is broken, and the device is evicted as for any other reason.
 */
export function handleForgottenDevice(deps: {
  clock: Clock
  store: ReadableStore<DeviceSessionState>
  session: DeviceSession
  eviction: DeviceEviction
  registration: DeviceRegistration
  watch: Pick<DeviceWatch, 'resumeAfterPageShow'>
}): void {
  const { clock, store, session, eviction, registration, watch } = deps
  let last: { sessionId: string; at: number } | null = null
  eviction.onForgotten(() => {
    const { sessionId, videoId } = store.getState()
    if (sessionId === null) return false
    const now = clock.now()
    if (last?.sessionId === sessionId && now - last.at < FORGOTTEN_REREGISTER_MIN_GAP_MS) return false
    last = { sessionId, at: now }
    session.end({ status: 'idle', lastError: null })
    void registration.register().then((result) => {
      if (result.ok && result.skipped !== true && videoId !== null) void watch.resumeAfterPageShow(videoId)
    })
    return true
  })
}
