import type { ApiClient } from '../api/api-client-types.ts'
import type { Clock } from '../kernel/clock.ts'
import type { LocksPort } from '../kernel/ports.ts'
import type { Store } from '../kernel/store.ts'
import type { DeviceEviction } from './device-eviction.ts'
import { createHeartbeatScheduler, type HeartbeatOutcome, type HeartbeatScheduler } from './device-heartbeat.ts'
import type { ServerHints } from './device-hint-receiver.ts'
import { safeCall } from './device-notices.ts'
import type { DeviceSessionState } from './device-public-types.ts'
import type { DeviceSession } from './device-session.ts'
import type { WatchPresence } from './device-watch-presence.ts'
import { seekLeadership, type TabLeadership } from './tabs/device-tab-leadership.ts'
import type { DeviceTabs } from './tabs/device-tabs.ts'

export interface HeartbeatDeps {
  api: ApiClient
  clock: Clock
  locks: LocksPort
  store: Store<DeviceSessionState>
  session: DeviceSession
  tabs: DeviceTabs
  presence: WatchPresence
  hints: ServerHints
  eviction: DeviceEviction
}

/**
 * The device's lease with the server: when any of its tabs last renewed it (every session-tracker
 * request does), and the heartbeats that renew it in between, sent by the one tab of the browser
 * that holds the heartbeat lock, in the rhythm the watch presence asks for.
 */
export class Heartbeat {
  readonly #deps: HeartbeatDeps
  readonly #scheduler: HeartbeatScheduler
  /** When any tab of this device last sent a request that renews the server's lease. */
  #lastContactAt: number | null = null
  #leadership: TabLeadership | null = null

  constructor(deps: HeartbeatDeps) {
    this.#deps = deps
    this.#scheduler = createHeartbeatScheduler({
      clock: deps.clock,
      mode: () => deps.presence.mode(),
      lastContact: () => this.#lastContactAt,
      lastHeartbeat: () => deps.store.getState().lastHeartbeatSent,
      send: () => this.send(),
    })
    deps.session.onStop(() => {
      this.#scheduler.stop()
      this.#leadership?.release()
      this.#leadership = null
      this.#lastContactAt = null
    })
  }

  /** Records a lease-renewing request going out now (and tells the other tabs); returns the time. */
  noteContact(heartbeat: boolean): number {
    const { clock, store, tabs } = this.#deps
    const at = clock.now()
    this.#lastContactAt = at
    if (heartbeat) store.setState({ lastHeartbeatSent: at })
    const { sessionId } = store.getState()
    if (sessionId !== null) tabs.post({ type: 'contact', sessionId, at, heartbeat })
    this.#scheduler.reschedule()
    return at
  }

  /** Another tab of this device sent a lease-renewing request at `at`. */
  noteOtherTabContact(at: number, heartbeat: boolean): void {
    const { store } = this.#deps
    if (this.#lastContactAt === null || at > this.#lastContactAt) this.#lastContactAt = at
    const { lastHeartbeatSent } = store.getState()
    if (heartbeat && (lastHeartbeatSent === null || at > lastHeartbeatSent)) store.setState({ lastHeartbeatSent: at })
    this.#scheduler.reschedule()
  }

  /** The rhythm may have changed (the watch presence) : the next heartbeat is computed again. */
  reschedule(): void {
    this.#scheduler.reschedule()
  }

  /** The person came back to the page (see HeartbeatScheduler.sendIfStale). */
  sendIfStale(): void {
    this.#scheduler.sendIfStale()
  }

  /** Competes for the device's heartbeat lock for `sessionId`; the tab holding it sends the heartbeats. */
  seekLead(sessionId: string): void {
    if (this.#leadership) return
    const { session, store, locks } = this.#deps
    const ledIn = session.generation
    this.#leadership = seekLeadership(locks, sessionId, () => {
      if (ledIn !== session.generation) return
      store.setState({ isLeader: true })
      this.#scheduler.start()
    })
  }

  /** One heartbeat now, outside the rhythm (the scheduler's sends come here too). Failures are silent; a revoked device is evicted. */
  async send(): Promise<HeartbeatOutcome> {
    const { api, store, session, hints, eviction } = this.#deps
    const { sessionId, isInitialized } = store.getState()
    if (sessionId === null || !isInitialized) return 'ok'
    const sentIn = session.generation
    const sentAt = this.noteContact(true)
    const response = await safeCall(() => api.call('heartbeat', { body: { sessionId } }, { notify: false }))
    if (sentIn !== session.generation) return 'ok'
    if (response.ok) {
      hints.apply(response.data.serverState, sentAt, true)
      return 'ok'
    }
    if (eviction.evictIfRevoked(response)) return 'revoked'
    return 'failed'
  }
}
