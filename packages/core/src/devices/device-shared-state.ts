import type { ApiClient } from '../api/api-client.ts'
import { clientErrorCodes } from '../api/api-error.ts'
import { type ApiResponse, failure } from '../api/api-response.ts'
import type { ApiBase } from '../api/request-target.ts'
import { ErrorCode } from '../contract/common.ts'
import { type RevocationReason, type ServerStateHint, SessionRevokedBody } from '../contract/session-tracker.ts'
import type { AppRoute } from '../kernel/app-route.ts'
import type { Clock } from '../kernel/clock.ts'
import type { ClientEvents, EventEmitter, NoticeKind } from '../kernel/emitter.ts'
import { messages } from '../kernel/messages.ts'
import type { Platform } from '../kernel/ports.ts'
import type { Store } from '../kernel/store.ts'
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
import { type DeviceTabChannel, type DeviceTabMessage, openDeviceTabChannel } from './tabs/device-tab-channel.ts'
import { seekLeadership, type TabLeadership } from './tabs/device-tab-leadership.ts'

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
  readonly apiBase: ApiBase
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
  notice(kind: NoticeKind, message: string): void
  /** The server's hint from a request sent at `sentAt`; `share` passes it on to the other tabs. */
  applyHint(hint: ServerStateHint, sentAt: number, share: boolean): void
  /** Ends the session state here without telling the server (it already knows, or is told elsewhere). */
  endLocally(patch: Partial<DeviceSessionState>): void
  /** Stops everything for good (the service is disposed): timers, the lead, the channel. Sends nothing. */
  close(): void
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
  let userId: string | null = null
  let generation = 0
  let lastContactAt: number | null = null
  /** When this tab last sent a request that changes the watch state. */
  let watchChangedAt: number | null = null
  /** When the watch came in doubt, or null while the server's watch is known. */
  let watchInDoubtSince: number | null = null
  let lastEndedSessionId: string | null = null
  /** Other tabs of this device that are watching: tab id to video id. */
  const otherTabsWatching = new Map<string, string>()
  let leadership: TabLeadership | null = null
  let channel: DeviceTabChannel | null = null
  let settleWatchDoubt: (hint: ServerStateHint) => void = () => {}
  const endCleanups: (() => void)[] = []

  /** Stops what runs for the current session: a later answer changes nothing. */
  function stopSession(): void {
    if (store.getState().isWatchingVideo) ctx.postWatch(null)
    generation++
    ctx.scheduler.stop()
    for (const cleanup of endCleanups) cleanup()
    leadership?.release()
    leadership = null
  }

  const ctx: DeviceContext = {
    ...deps,
    scheduler: createHeartbeatScheduler({
      clock,
      mode: () => ctx.mode(),
      lastContact: () => lastContactAt,
      lastHeartbeat: () => store.getState().lastHeartbeatSent,
      send: () => ctx.sendHeartbeat(),
    }),
    get userId() {
      return userId
    },
    get generation() {
      return generation
    },
    get lastContactAt() {
      return lastContactAt
    },
    get watchInDoubt() {
      return watchInDoubtSince !== null
    },
    get lastEndedSessionId() {
      return lastEndedSessionId
    },
    get otherTabWatching() {
      return otherTabsWatching.size > 0
    },

    setUser(next) {
      userId = next
    },

    openChannel(onMessage) {
      channel ??= openDeviceTabChannel(deps.platform.broadcast, onMessage)
    },

    post(message) {
      channel?.post(message)
    },

    onWatchDoubtHint(settle) {
      settleWatchDoubt = settle
    },

    onSessionEnd(cleanup) {
      endCleanups.push(cleanup)
    },

    noteContact(heartbeat) {
      const at = clock.now()
      lastContactAt = at
      if (heartbeat) store.setState({ lastHeartbeatSent: at })
      const { sessionId } = store.getState()
      if (sessionId !== null) channel?.post({ type: 'contact', sessionId, at, heartbeat })
      ctx.scheduler.reschedule()
      return at
    },

    noteOtherTabContact(at, heartbeat) {
      if (lastContactAt === null || at > lastContactAt) lastContactAt = at
      const { lastHeartbeatSent } = store.getState()
      if (heartbeat && (lastHeartbeatSent === null || at > lastHeartbeatSent)) store.setState({ lastHeartbeatSent: at })
      ctx.scheduler.reschedule()
    },

    noteOtherTabWatch(tabId, videoId) {
      if (videoId === null) otherTabsWatching.delete(tabId)
      else otherTabsWatching.set(tabId, videoId)
      ctx.scheduler.reschedule()
    },

    noteWatchChange(sentAt) {
      watchChangedAt = sentAt
    },

    doubtWatch() {
      watchInDoubtSince = clock.now()
      ctx.scheduler.reschedule()
    },

    clearWatchDoubt() {
      if (watchInDoubtSince === null) return
      watchInDoubtSince = null
      ctx.scheduler.reschedule()
    },

    noteEnded(sessionId) {
      lastEndedSessionId = sessionId
    },

    seekLead(sessionId) {
      if (leadership) return
      const ledIn = generation
      leadership = seekLeadership(deps.platform.locks, sessionId, () => {
        if (ledIn !== generation) return
        store.setState({ isLeader: true })
        ctx.scheduler.start()
      })
    },

    notice(kind, message) {
      deps.clientEvents.emit('notice', { kind, message })
    },

    applyHint(hint, sentAt, share) {
      const state = store.getState()
      if (hint.sessionId !== state.sessionId) return
      store.setState({ serverState: hint, serverStateReceivedAt: clock.now() })
      if (share) channel?.post({ type: 'server-state', sessionId: hint.sessionId, sentAt, state: hint })
      const local = { isWatchingVideo: state.isWatchingVideo, watchChangedAt }
      if (state.videoId !== null && watchEndedElsewhere(hint, sentAt, local)) {
        store.setState({ isWatchingVideo: false, videoId: null })
        ctx.postWatch(null)
        ctx.scheduler.reschedule()
        events.emit('watchTerminated', { videoId: state.videoId })
      }
      if (watchInDoubtSince !== null && sentAt >= watchInDoubtSince) settleWatchDoubt(hint)
    },

    endLocally(patch) {
      stopSession()
      lastContactAt = null
      watchChangedAt = null
      watchInDoubtSince = null
      // The other tabs say again what they watch when a session starts (the `query` message).
      otherTabsWatching.clear()
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

    close() {
      stopSession()
      channel?.close()
      channel = null
    },

    evict(reason, message, broadcast) {
      const { sessionId } = store.getState()
      if (sessionId === null) return
      ctx.endLocally({ status: 'evicted', lastError: message })
      if (broadcast) channel?.post({ type: 'evicted', sessionId, reason, message })
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
      if (sessionId !== null) channel?.post({ type: 'watch', sessionId, tabId: deps.tabId, videoId })
    },

    mode() {
      const watching = store.getState().isWatchingVideo || otherTabsWatching.size > 0
      return watching || watchInDoubtSince !== null ? 'watching' : 'idle'
    },

    requireSession(notify) {
      const { sessionId } = store.getState()
      if (userId !== null && sessionId !== null) return { sessionId }
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
      const sentIn = generation
      const sentAt = ctx.noteContact(true)
      const response = await ctx.safeCall(() => api.call('heartbeat', { body: { sessionId } }, { notify: false }))
      if (sentIn !== generation) return 'ok'
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
