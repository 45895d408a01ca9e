import type { ApiClient } from '../api/api-client-types.ts'
import type { ApiResponse } from '../api/api-response.ts'
import type { ApiUrls } from '../api/api-urls.ts'
import type { RevocationReason, ServerStateHint } from '../contract/session-tracker.ts'
import type { AppRoute } from '../kernel/app-route.ts'
import type { Clock } from '../kernel/clock.ts'
import type { ClientEvents, EventEmitter, NoticeKind } from '../kernel/emitter.ts'
import type { Platform } from '../kernel/ports.ts'
import type { Store } from '../kernel/store.ts'
import type { HeartbeatMode, HeartbeatOutcome, HeartbeatScheduler } from './device-heartbeat.ts'
import type { DeviceCommandFailure, DeviceSessionEvents, DeviceSessionState } from './device-public-types.ts'
import type { DeviceTabMessage } from './tabs/device-tab-channel.ts'

/**
 * The device session the service's parts share: the ports, the store, and the few facts that are not
 * state a UI renders (who is signed in, when the lease was last renewed, which generation of the
 * session is current, whether the watch is in doubt). Those facts are private: the parts read them
 * and change them only through the methods below, so each has one place that keeps it consistent.
 * One per service instance; nothing here is module-level.
 */
export interface DeviceContext {
  readonly api: ApiClient
  readonly platform: Platform
  /** Where the app is: tracking is skipped in the admin area. */
  readonly route: AppRoute
  readonly clock: Clock
  readonly clientEvents: EventEmitter<ClientEvents>
  readonly events: EventEmitter<DeviceSessionEvents>
  readonly store: Store<DeviceSessionState>
  readonly urls: ApiUrls
  readonly accessToken: () => string | null | Promise<string | null>
  readonly tabId: string
  readonly scheduler: HeartbeatScheduler
  /** The signed-in user whose device this is, or null. */
  readonly userId: string | null
  /**
   * Bumped whenever the session ends locally (logout, user change, eviction, dispose): an answer to
   * a request sent in an older generation changes nothing.
   */
  readonly generation: number
  /** When any tab of this device last sent a request that renews the server's lease. */
  readonly lastContactAt: number | null
  /**
   * Whether a watch change of this tab went unanswered (the server may hold a watch no tab shows).
   * While it is, the heartbeat keeps the watching rhythm, and a server hint from a later request
   * settles it.
   */
  readonly watchInDoubt: boolean
  /** The session id whose end was already sent (by this tab or another), so it is not sent twice. */
  readonly lastEndedSessionId: string | null
  /** Whether another tab of this device is watching. */
  readonly otherTabWatching: boolean

  /** The user whose device this is from now on (null: nobody). */
  setUser(userId: string | null): void
  /** Opens the channel to the other tabs of this browser; their messages go to `onMessage`. */
  openChannel(onMessage: (message: DeviceTabMessage) => void): void
  /** Tells the other tabs of this device, when the channel is open. */
  post(message: DeviceTabMessage): void
  /** The part that settles a watch in doubt, called with a server hint from a later request. */
  onWatchDoubtHint(settle: (hint: ServerStateHint) => void): void
  /**
   * The part that registers the device again when the server forgot it (SESSION_REVOKED, reason
   * `unknown`); it returns false when it will not (then the device is evicted as for any reason).
   */
  onForgotten(registerAgain: () => boolean): void
  /** Runs whenever the session ends here (a registration retry waiting is cancelled). */
  onSessionEnd(cleanup: () => void): void
  /** Records a lease-renewing request going out now (and tells the other tabs); returns the time. */
  noteContact(heartbeat: boolean): number
  /** Another tab of this device sent a lease-renewing request at `at`. */
  noteOtherTabContact(at: number, heartbeat: boolean): void
  /** Another tab of this device watches `videoId` now (null: nothing). */
  noteOtherTabWatch(tabId: string, videoId: string | null): void
  /** This tab sent a request that changes the watch state at `sentAt`: older hints cannot end the watch. */
  noteWatchChange(sentAt: number): void
  /** A watch change went unanswered: the server may hold a watch no tab shows. */
  doubtWatch(): void
  /** The server's watch is known again. */
  clearWatchDoubt(): void
  /** The session id whose end was sent (by this tab or another). */
  noteEnded(sessionId: string): void
  /** Competes for the device's heartbeat lock for `sessionId`; the tab holding it sends the heartbeats. */
  seekLead(sessionId: string): void
  /** A toast; `topic` names the action it is about (Notice.topic). */
  notice(kind: NoticeKind, message: string, topic?: string): void
  /** The action `topic` succeeded (the client's `settled` event). */
  settled(topic: string): void
  /** The server's hint from a request sent at `sentAt`; `share` passes it on to the other tabs. */
  applyHint(hint: ServerStateHint, sentAt: number, share: boolean): void
  /** Ends the session state here without telling the server (it already knows, or is told elsewhere). */
  endLocally(patch: Partial<DeviceSessionState>): void
  /** Stops everything for good (the service is disposed): timers, the lead, the channel. Sends nothing. */
  close(): void
  /**
   * The server revoked this device: ends the session state and emits `evicted` (`byThisDevice`
   * when the person removed this device from its own list).
   */
  evict(reason: RevocationReason, message: string, broadcast: boolean, byThisDevice?: boolean): void
  /**
   * Handles the server's 401 SESSION_REVOKED (true if `response` is one): evicts, or registers again
   * when the server only forgot the device (see evictIfRevoked in device-shared-state.ts).
   */
  evictIfRevoked(response: ApiResponse<unknown>): boolean
  /** Tells the other tabs what this tab watches now. */
  postWatch(videoId: string | null): void
  /** The heartbeat rhythm the device needs: watching while any of its tabs plays, or a watch is in doubt. */
  mode(): HeartbeatMode
  /** The session id, or the 세션 정보가 없습니다. failure (noticed when `notify`). */
  requireSession(notify: boolean): { sessionId: string } | DeviceCommandFailure
  /** One API call; a throw becomes a failure value with code DEVICE_EXCEPTION. */
  safeCall<T>(call: () => Promise<ApiResponse<T>>): Promise<ApiResponse<T>>
  superseded(): DeviceCommandFailure
  /** One heartbeat now, outside the rhythm (the scheduler's sends come here too). */
  sendHeartbeat(): Promise<HeartbeatOutcome>
}

export interface DeviceContextDeps {
  api: ApiClient
  platform: Platform
  route: AppRoute
  clock: Clock
  clientEvents: EventEmitter<ClientEvents>
  events: EventEmitter<DeviceSessionEvents>
  store: Store<DeviceSessionState>
  urls: ApiUrls
  accessToken: () => string | null | Promise<string | null>
  tabId: string
}
