import type { ApiClient } from './api-client.ts'
import { clientErrorCodes } from './api-error.ts'
import { type ApiResponse, failure } from './api-response.ts'
import type { AppRoute } from './app-route.ts'
import type { Clock } from './clock.ts'
import { ErrorCode } from './contract/common.ts'
import { type RevocationReason, type ServerStateHint, SessionRevokedBody } from './contract/session-tracker.ts'
import {
  createHeartbeatScheduler,
  type HeartbeatMode,
  type HeartbeatOutcome,
  type HeartbeatScheduler,
} from './device-heartbeat.ts'
import {
  commandFailure,
  type DeviceCommandFailure,
  type DeviceSessionEvents,
  type DeviceSessionState,
  deviceErrorCodes,
} from './device-public-types.ts'
import { watchEndedElsewhere } from './device-server-hint.ts'
import type { DeviceTabChannel } from './device-tab-channel.ts'
import type { TabLeadership } from './device-tab-leadership.ts'
import type { ClientEvents, EventEmitter, NoticeKind } from './emitter.ts'
import { messages } from './messages.ts'
import type { Platform } from './ports.ts'
import type { ApiBase } from './request-target.ts'
import type { Store } from './store.ts'

/**
 * What the device service's parts share: the ports, the store, and the few facts that are not
 * state a UI renders (when the lease was last renewed, which generation of the session is current).
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
  readonly apiBase: ApiBase
  readonly accessToken: () => string | null | Promise<string | null>
  readonly tabId: string
  readonly scheduler: HeartbeatScheduler
  /** The signed-in user whose device this is, or null. */
  userId: string | null
  /**
   * Bumped whenever the session ends locally (logout, user change, eviction, dispose): an answer to
   * a request sent in an older generation changes nothing.
   */
  generation: number
  /** When any tab of this device last sent a request that renews the server's lease. */
  lastContactAt: number | null
  /** When this tab last sent a request that changes the watch state. */
  watchChangedAt: number | null
  /**
   * Set when a watch change of this tab went unanswered (the server may hold a watch no tab shows),
   * to when that became known; null when the server's watch is known. While set, the heartbeat
   * keeps the watching rhythm, and a server hint from a later request settles it.
   */
  watchInDoubtSince: number | null
  /** Called with such a hint; the watch part ends a watch no tab of this device plays. */
  settleWatchDoubt(hint: ServerStateHint): void
  /** Cancels a registration retry that is waiting (the session ended here). */
  cancelRegistrationRetry(): void
  /** The session id whose end was already sent (by this tab or another), so it is not sent twice. */
  lastEndedSessionId: string | null
  /** pagehide fired and the page has not become visible since: requests may not outlive it. */
  pageGone: boolean
  /** Other tabs of this device that are watching: tab id to video id. */
  readonly otherTabsWatching: Map<string, string>
  leadership: TabLeadership | null
  channel: DeviceTabChannel | null

  /** Records a lease-renewing request going out now (and tells the other tabs); returns the time. */
  noteContact(heartbeat: boolean): number
  notice(kind: NoticeKind, message: string): void
  /** The server's hint from a request sent at `sentAt`; `share` passes it on to the other tabs. */
  applyHint(hint: ServerStateHint, sentAt: number, share: boolean): void
  /** Ends the session state here without telling the server (it already knows, or is told elsewhere). */
  endLocally(patch: Partial<DeviceSessionState>): void
  /** The server revoked this device: ends the session state and emits `evicted`. */
  evict(reason: RevocationReason, message: string, broadcast: boolean): void
  /** Evicts when `response` is the server's 401 SESSION_REVOKED; true if it was. */
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
  apiBase: ApiBase
  accessToken: () => string | null | Promise<string | null>
  tabId: string
}

export function createDeviceContext(deps: DeviceContextDeps): DeviceContext {
  const { api, store, clock, events } = deps

  const ctx: DeviceContext = {
    ...deps,
    scheduler: createHeartbeatScheduler({
      clock,
      mode: () => ctx.mode(),
      lastContact: () => ctx.lastContactAt,
      lastHeartbeat: () => store.getState().lastHeartbeatSent,
      send: () => ctx.sendHeartbeat(),
    }),
    userId: null,
    generation: 0,
    lastContactAt: null,
    watchChangedAt: null,
    watchInDoubtSince: null,
    settleWatchDoubt: () => {},
    cancelRegistrationRetry: () => {},
    lastEndedSessionId: null,
    pageGone: false,
    otherTabsWatching: new Map(),
    leadership: null,
    channel: null,

    noteContact(heartbeat) {
      const at = clock.now()
      ctx.lastContactAt = at
      if (heartbeat) store.setState({ lastHeartbeatSent: at })
      const { sessionId } = store.getState()
      if (sessionId !== null) ctx.channel?.post({ type: 'contact', sessionId, at, heartbeat })
      ctx.scheduler.reschedule()
      return at
    },

    notice(kind, message) {
      deps.clientEvents.emit('notice', { kind, message })
    },

    applyHint(hint, sentAt, share) {
      const state = store.getState()
      if (hint.sessionId !== state.sessionId) return
      store.setState({ serverState: hint, serverStateReceivedAt: clock.now() })
      if (share) ctx.channel?.post({ type: 'server-state', sessionId: hint.sessionId, sentAt, state: hint })
      const local = { isWatchingVideo: state.isWatchingVideo, watchChangedAt: ctx.watchChangedAt }
      if (state.videoId !== null && watchEndedElsewhere(hint, sentAt, local)) {
        store.setState({ isWatchingVideo: false, videoId: null })
        ctx.postWatch(null)
        ctx.scheduler.reschedule()
        events.emit('watchTerminated', { videoId: state.videoId })
      }
      if (ctx.watchInDoubtSince !== null && sentAt >= ctx.watchInDoubtSince) ctx.settleWatchDoubt(hint)
    },

    endLocally(patch) {
      if (store.getState().isWatchingVideo) ctx.postWatch(null)
      ctx.generation++
      ctx.scheduler.stop()
      ctx.cancelRegistrationRetry()
      ctx.leadership?.release()
      ctx.leadership = null
      ctx.lastContactAt = null
      ctx.watchChangedAt = null
      ctx.watchInDoubtSince = null
      // The other tabs say again what they watch when a session starts (the `query` message).
      ctx.otherTabsWatching.clear()
      store.setState({
        isInitialized: false,
        isWatchingVideo: false,
        videoId: null,
        isLeader: false,
        limitDialog: null,
        serverState: null,
        serverStateReceivedAt: null,
        ...patch,
      })
    },

    evict(reason, message, broadcast) {
      const { sessionId } = store.getState()
      if (sessionId === null) return
      ctx.endLocally({ status: 'evicted', lastError: message })
      if (broadcast) ctx.channel?.post({ type: 'evicted', sessionId, reason, message })
      events.emit('evicted', { sessionId, reason, message })
    },

    evictIfRevoked(response) {
      // Only the server's 401 signs a device out; the same code on another status (a proxy's page,
      // a bug) is an ordinary failure, and evicting on it would sign out a live device.
      if (response.ok || response.status !== 401 || response.code !== ErrorCode.sessionRevoked) return false
      const body = SessionRevokedBody.safeParse(response.body)
      ctx.evict(
        body.success ? body.data.reason : 'unknown',
        body.success ? body.data.error : messages.noSessionInfo,
        true,
      )
      return true
    },

    postWatch(videoId) {
      const { sessionId } = store.getState()
      if (sessionId !== null) ctx.channel?.post({ type: 'watch', sessionId, tabId: deps.tabId, videoId })
    },

    mode() {
      const watching = store.getState().isWatchingVideo || ctx.otherTabsWatching.size > 0
      return watching || ctx.watchInDoubtSince !== null ? 'watching' : 'idle'
    },

    requireSession(notify) {
      const { sessionId } = store.getState()
      if (ctx.userId !== null && sessionId !== null) return { sessionId }
      store.setState({ lastError: messages.noSessionInfo })
      if (notify) ctx.notice('error', messages.noSessionInfo)
      return commandFailure(messages.noSessionInfo, deviceErrorCodes.noSession)
    },

    async safeCall(call) {
      try {
        return await call()
      } catch (error) {
        return failure({
          error: `request failed: ${error instanceof Error ? error.message : String(error)}`,
          status: 0,
          code: deviceErrorCodes.exception,
          cause: error,
        })
      }
    },

    // The session this command was for ended meanwhile (logout, another user): as good as none.
    superseded: () => commandFailure(messages.noSessionInfo, deviceErrorCodes.superseded),

    // Failures are silent (no toast); a revoked device is evicted.
    async sendHeartbeat() {
      const { sessionId, isInitialized } = store.getState()
      if (sessionId === null || !isInitialized) return 'ok'
      const generation = ctx.generation
      const sentAt = ctx.noteContact(true)
      const response = await ctx.safeCall(() => api.call('heartbeat', { body: { sessionId } }, { notify: false }))
      if (generation !== ctx.generation) return 'ok'
      if (response.ok) {
        ctx.applyHint(response.data.serverState, sentAt, true)
        return 'ok'
      }
      if (ctx.evictIfRevoked(response)) return 'revoked'
      return 'failed'
    },
  }

  return ctx
}

/** Whether a request may have changed the server although it failed: no answer arrived, or the server failed midway. */
export function mayHaveApplied(response: ApiResponse<unknown>): boolean {
  return !response.ok && (response.status === 0 || response.status >= 500)
}

/** Whether a failed batch or end-watch is worth sending again: nothing arrived, the server failed, or a token was just refreshed. */
export function isTransient(response: ApiResponse<unknown>): boolean {
  return (
    !response.ok &&
    (response.status === 0 || response.status >= 500 || response.code === clientErrorCodes.tokenRefreshed)
  )
}
