import type { ServerStateHint } from '../contract/session-tracker.ts'
import { messages } from '../kernel/messages.ts'
import { noticeTopics } from '../kernel/notice-topics.ts'
import type { DeviceContext } from './device-context.ts'
import { createDeviceListCache, type DeviceListCache } from './device-list-cache.ts'
import { commandFailure, type DeviceCommandResult, type DeviceListResult } from './device-public-types.ts'
import type { DeviceRegistration } from './device-registration.ts'
import { isHintFresh } from './device-server-hint.ts'

/** What device management needs of the device session. */
export type ManagementSession = Pick<
  DeviceContext,
  | 'api'
  | 'applyHint'
  | 'clock'
  | 'evict'
  | 'evictIfRevoked'
  | 'generation'
  | 'noteContact'
  | 'notice'
  | 'requireSession'
  | 'safeCall'
  | 'sendHeartbeat'
  | 'store'
  | 'superseded'
  | 'userId'
>

/**
 * The user's devices (spec section 7): the list (cached 60 s, one request however many callers),
 * removing a device, force-logout, ending the other devices' watches, and the server-state hint
 * (trusted 30 s).
 */
export function createDeviceManagement(
  ctx: ManagementSession,
  devices: DeviceListCache,
  registration: DeviceRegistration,
) {
  const { store, api, clock } = ctx
  let stateFlight: Promise<ServerStateHint | null> | null = null

  function listDevices(options: { force?: boolean } = {}): Promise<DeviceListResult> {
    if (ctx.userId === null) return Promise.resolve(ctx.requireSession(false) as DeviceListResult)
    return devices.get(options)
  }

  /** DELETE sessions/{id}: 기기가 성공적으로 제거되었습니다 / 기기를 삭제할 수 없습니다. */
  async function removeDevice(id: string): Promise<DeviceCommandResult> {
    if (ctx.userId === null) return ctx.requireSession(true) as DeviceCommandResult
    const generation = ctx.generation
    const response = await ctx.safeCall(() => api.call('removeSession', { params: { id } }, { notify: false }))
    if (!response.ok) {
      if (generation === ctx.generation) store.setState({ lastError: messages.cannotDeleteDevice })
      ctx.notice('error', messages.cannotDeleteDevice, noticeTopics.deviceRemoval)
      return commandFailure(messages.cannotDeleteDevice, response.code, response.status)
    }
    devices.invalidate()
    ctx.notice('success', messages.deviceRemoved, noticeTopics.deviceRemoval)
    if (generation === ctx.generation) signedOutHere(id)
    return { ok: true }
  }

  /**
   * DELETE force-logout/{sessionId}?newSessionId=: signs a device out; with this device's id as
   * newSessionId the server registers this device in the freed slot in the same step.
   */
  async function forceLogout(sessionId: string, options: { newSessionId?: string } = {}): Promise<DeviceCommandResult> {
    if (ctx.userId === null) return ctx.requireSession(true) as DeviceCommandResult
    const generation = ctx.generation
    const query = options.newSessionId === undefined ? undefined : { newSessionId: options.newSessionId }
    const response = await ctx.safeCall(() =>
      api.call('forceLogout', { params: { sessionId }, query }, { notify: false }),
    )
    if (!response.ok) {
      if (generation === ctx.generation) store.setState({ lastError: messages.cannotForceLogoutDevice })
      ctx.notice('error', messages.cannotForceLogoutDevice, noticeTopics.deviceRemoval)
      return commandFailure(messages.cannotForceLogoutDevice, response.code, response.status)
    }
    devices.invalidate()
    if (generation !== ctx.generation) return { ok: true }
    signedOutHere(sessionId)
    const own = store.getState()
    // The server registered this device in the freed slot: take it up (heartbeats, state).
    if (options.newSessionId === own.sessionId && !own.isInitialized) await registration.register()
    return { ok: true }
  }

  /** The user removed this very device from its own list: its session is over. */
  function signedOutHere(id: string): void {
    if (id !== store.getState().sessionId) return
    ctx.evict('removed', messages.deviceRemoved, true, true)
  }

  /** POST terminate-others: 다른 기기 시청이 종료되었습니다. / 다른 기기 세션을 종료할 수 없습니다 */
  async function terminateOthers(videoId: string): Promise<DeviceCommandResult> {
    const session = ctx.requireSession(true)
    if ('ok' in session) return session
    if (!store.getState().isInitialized) {
      const registered = await registration.register()
      if (!registered.ok) return registered
    }
    const { sessionId } = store.getState()
    if (sessionId === null) return ctx.superseded()
    const generation = ctx.generation
    const sentAt = ctx.noteContact(false)
    const response = await ctx.safeCall(() =>
      api.call('terminateOthers', { body: { videoId, sessionId } }, { notify: false }),
    )
    if (generation !== ctx.generation) return ctx.superseded()
    if (response.ok) {
      devices.invalidate()
      ctx.applyHint(response.data.serverState, sentAt, true)
      ctx.notice('success', messages.otherDeviceWatchEnded)
      return { ok: true }
    }
    ctx.evictIfRevoked(response)
    store.setState({ lastError: messages.cannotTerminateOtherSessions })
    ctx.notice('error', messages.cannotTerminateOtherSessions)
    return commandFailure(messages.cannotTerminateOtherSessions, response.code, response.status)
  }

  /**
   * The server's view of this device: the last hint while it is under 30 s old, else a heartbeat
   * (which answers with a fresh one). Concurrent callers share that heartbeat.
   */
  function getServerState(): Promise<ServerStateHint | null> {
    const state = store.getState()
    if (isHintFresh(state.serverStateReceivedAt, clock.now()) || !state.isInitialized) {
      return Promise.resolve(state.serverState)
    }
    if (stateFlight) return stateFlight
    const flight = ctx.sendHeartbeat().then(() => store.getState().serverState)
    stateFlight = flight
    const clear = () => {
      if (stateFlight === flight) stateFlight = null
    }
    void flight.then(clear, clear)
    return flight
  }

  return { listDevices, removeDevice, forceLogout, terminateOthers, getServerState }
}

/** The device list cache of one service: GET session-tracker/sessions behind the 60 s cache. */
export function createDeviceListCacheFor(ctx: Pick<DeviceContext, 'api' | 'clock' | 'safeCall'>): DeviceListCache {
  return createDeviceListCache({
    clock: ctx.clock,
    async load(): Promise<DeviceListResult> {
      const response = await ctx.safeCall(() => ctx.api.call('listSessions'))
      if (!response.ok) return commandFailure(response.error, response.code, response.status)
      return { ok: true, devices: response.data.sessions, fetchedAt: ctx.clock.now() }
    },
  })
}

export type DeviceManagement = ReturnType<typeof createDeviceManagement>
