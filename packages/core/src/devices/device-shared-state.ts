import { failure } from '../api/api-response.ts'
import { ErrorCode } from '../contract/common.ts'
import { type ServerStateHint, SessionRevokedBody } from '../contract/session-tracker.ts'
import { messages } from '../kernel/messages.ts'
import type { DeviceContext, DeviceContextDeps } from './device-context.ts'
import { createHeartbeatScheduler } from './device-heartbeat.ts'
import { commandFailure, deviceErrorCodes } from './device-public-types.ts'
import { watchEndedElsewhere } from './device-server-hint.ts'
import { type DeviceTabChannel, openDeviceTabChannel } from './tabs/device-tab-channel.ts'
import { seekLeadership, type TabLeadership } from './tabs/device-tab-leadership.ts'

/**
 * The device session's private facts behind DeviceContext (device-context.ts): each changes only
 * through its methods, so each has one place that keeps it consistent. One per service instance.
 */
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
  let registerAgain: () => boolean = () => false
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

    onForgotten(handler) {
      registerAgain = handler
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

    notice(kind, message, topic) {
      deps.clientEvents.emit('notice', topic === undefined ? { kind, message } : { kind, message, topic })
    },

    settled(topic) {
      deps.clientEvents.emit('settled', { topic })
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

    evict(reason, message, broadcast, byThisDevice = false) {
      const { sessionId } = store.getState()
      if (sessionId === null) return
      ctx.endLocally({ status: 'evicted', lastError: message })
      if (broadcast) channel?.post({ type: 'evicted', sessionId, reason, message, byThisDevice })
      events.emit('evicted', { sessionId, reason, message, byThisDevice })
    },

    evictIfRevoked(response) {
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
      if (reason === 'unknown' && registerAgain()) return true
      ctx.evict(reason, body.success ? body.data.error : messages.noSessionInfo, true)
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
