import type { ApiResponse } from '../api/api-response.ts'
import { ErrorCode } from '../contract/common.ts'
import { type RevocationReason, SessionRevokedBody } from '../contract/session-tracker.ts'
import type { EventEmitter } from '../kernel/emitter.ts'
import { messages } from '../kernel/messages.ts'
import type { Store } from '../kernel/store.ts'
import type { DeviceSessionEvents, DeviceSessionState } from './device-public-types.ts'
import type { DeviceSession } from './device-session.ts'
import type { DeviceTabs } from './tabs/device-tabs.ts'

/** The server signing this device out: the session ends here and in the other tabs, and `evicted` says why. */
export class DeviceEviction {
  readonly #store: Store<DeviceSessionState>
  readonly #session: DeviceSession
  readonly #tabs: DeviceTabs
  readonly #events: EventEmitter<DeviceSessionEvents>
  #registerAgain: () => boolean = () => false

  constructor(deps: {
    store: Store<DeviceSessionState>
    session: DeviceSession
    tabs: DeviceTabs
    events: EventEmitter<DeviceSessionEvents>
  }) {
    this.#store = deps.store
    this.#session = deps.session
    this.#tabs = deps.tabs
    this.#events = deps.events
  }

  /**
   * The part that registers the device again when the server forgot it (SESSION_REVOKED, reason
   * `unknown`); it returns false when it will not (then the device is evicted as for any reason).
   */
  onForgotten(registerAgain: () => boolean): void {
    this.#registerAgain = registerAgain
  }

  /**
   * The server revoked this device: ends the session state and emits `evicted` (`byThisDevice`
   * when the person removed this device from its own list); `broadcast` tells the other tabs.
   */
  evict(reason: RevocationReason, message: string, broadcast: boolean, byThisDevice = false): void {
    const { sessionId } = this.#store.getState()
    if (sessionId === null) return
    this.#session.end({ status: 'evicted', lastError: message })
    if (broadcast) this.#tabs.post({ type: 'evicted', sessionId, reason, message, byThisDevice })
    this.#events.emit('evicted', { sessionId, reason, message, byThisDevice })
  }

  /** Handles the server's 401 SESSION_REVOKED (true if `response` is one): evicts, or registers again. */
  evictIfRevoked(response: ApiResponse<unknown>): boolean {
    // Only the server's 401 signs a device out; the same code on another status (a proxy's page,
    // a bug) is an ordinary failure, and evicting on it would sign out a live device.
    if (response.ok || response.status !== 401 || response.code !== ErrorCode.sessionRevoked) return false
    const body = SessionRevokedBody.safeParse(response.body)
    const reason = body.success ? body.data.reason : 'unknown'
    // Which revocations sign the person out (decisions.md, proposed; packages/core/README.md):
    // removed, forced, admin, ended and expired say someone or something ended this device on
    // purpose, so the person signs in again. `unknown` says only that the server holds no record
    // of the device (a restart lost it): the auth session is still valid (the server took the
    // token, or it would have answered 401 UNAUTHORIZED), so the device registers again, a new
    // registration that can meet the device limit. The registration sends the same token: an
    // auth session ended meanwhile gets the usual expiry. A server that forgets again right
    // after signs out, so a broken backend cannot keep the device registering in a loop.
    if (reason === 'unknown' && this.#registerAgain()) return true
    this.evict(reason, body.success ? body.data.error : messages.noSessionInfo, true)
    return true
  }
}
