import type { ApiClient } from '../api/api-client-types.ts'
import type { ServerStateHint } from '../contract/session-tracker.ts'
import type { Clock } from '../kernel/clock.ts'
import { messages } from '../kernel/messages.ts'
import { noticeTopics } from '../kernel/notice-topics.ts'
import type { Store } from '../kernel/store.ts'
import type { DeviceEviction } from './device-eviction.ts'
import type { ServerHints } from './device-hint-receiver.ts'
import type { Heartbeat } from './device-lease-heartbeat.ts'
import type { DeviceListCache } from './device-list-cache.ts'
import { type DeviceNotices, safeCall } from './device-notices.ts'
import {
  commandFailure,
  type DeviceCommandResult,
  type DeviceListResult,
  type DeviceSessionState,
} from './device-public-types.ts'
import type { DeviceRegistration } from './device-registration.ts'
import { isHintFresh } from './device-server-hint.ts'
import type { DeviceSession } from './device-session.ts'

export interface ManagementDeps {
  api: ApiClient
  clock: Clock
  store: Store<DeviceSessionState>
  notices: DeviceNotices
  session: DeviceSession
  heartbeat: Heartbeat
  hints: ServerHints
  eviction: DeviceEviction
  devices: DeviceListCache
  /** A command on a device not registered yet registers it first. */
  registration: DeviceRegistration
}

/**
 * The user's devices (spec section 7): the list (cached 60 s, one request however many callers),
 * removing a device, force-logout, ending the other devices' watches, and the server-state hint
 * (trusted 30 s).
 */
export function createDeviceManagement(deps: ManagementDeps) {
  const { api, clock, store, notices, session, heartbeat, hints, eviction, devices, registration } = deps
  let stateFlight: Promise<ServerStateHint | null> | null = null

  function listDevices(options: { force?: boolean } = {}): Promise<DeviceListResult> {
    if (session.userId === null) return Promise.resolve(session.requireSession(false) as DeviceListResult)
    return devices.get(options)
  }

  /** DELETE sessions/{id}: 기기가 성공적으로 제거되었습니다 / 기기를 삭제할 수 없습니다. */
  async function removeDevice(id: string): Promise<DeviceCommandResult> {
    if (session.userId === null) return session.requireSession(true) as DeviceCommandResult
    const generation = session.generation
    const response = await safeCall(() => api.call('removeSession', { params: { id } }, { notify: false }))
    if (!response.ok) {
      if (generation === session.generation) store.setState({ lastError: messages.cannotDeleteDevice })
      notices.notice('error', messages.cannotDeleteDevice, noticeTopics.deviceRemoval)
      return commandFailure(messages.cannotDeleteDevice, response.code, response.status)
    }
    devices.invalidate()
    notices.notice('success', messages.deviceRemoved, noticeTopics.deviceRemoval)
    if (generation === session.generation) signedOutHere(id)
    return { ok: true }
  }

  /**
   * DELETE force-logout/{sessionId}?newSessionId=: signs a device out; with this device's id as
   * newSessionId the server registers this device in the freed slot in the same step.
   */
  async function forceLogout(sessionId: string, options: { newSessionId?: string } = {}): Promise<DeviceCommandResult> {
    if (session.userId === null) return session.requireSession(true) as DeviceCommandResult
    const generation = session.generation
    const query = options.newSessionId === undefined ? undefined : { newSessionId: options.newSessionId }
    const response = await safeCall(() => api.call('forceLogout', { params: { sessionId }, query }, { notify: false }))
    if (!response.ok) {
      if (generation === session.generation) store.setState({ lastError: messages.cannotForceLogoutDevice })
      notices.notice('error', messages.cannotForceLogoutDevice, noticeTopics.deviceRemoval)
      return commandFailure(messages.cannotForceLogoutDevice, response.code, response.status)
    }
    devices.invalidate()
    if (generation !== session.generation) return { ok: true }
    signedOutHere(sessionId)
    const own = store.getState()
    // The server registered this device in the freed slot: take it up (heartbeats, state).
    if (options.newSessionId === own.sessionId && !own.isInitialized) await registration.register()
    return { ok: true }
  }

  /** The user removed this very device from its own list: its session is over. */
  function signedOutHere(id: string): void {
    if (id !== store.getState().sessionId) return
    eviction.evict('removed', messages.deviceRemoved, true, true)
  }

  /** POST terminate-others: 다른 기기 시청이 종료되었습니다. / 다른 기기 세션을 종료할 수 없습니다 */
  async function terminateOthers(videoId: string): Promise<DeviceCommandResult> {
    const own = session.requireSession(true)
    if ('ok' in own) return own
    if (!store.getState().isInitialized) {
      const registered = await registration.register()
      if (!registered.ok) return registered
    }
    const { sessionId } = store.getState()
    if (sessionId === null) return session.superseded()
    const generation = session.generation
    const sentAt = heartbeat.noteContact(false)
    const response = await safeCall(() =>
      api.call('terminateOthers', { body: { videoId, sessionId } }, { notify: false }),
    )
    if (generation !== session.generation) return session.superseded()
    if (response.ok) {
      devices.invalidate()
      hints.apply(response.data.serverState, sentAt, true)
      notices.notice('success', messages.otherDeviceWatchEnded)
      return { ok: true }
    }
    eviction.evictIfRevoked(response)
    store.setState({ lastError: messages.cannotTerminateOtherSessions })
    notices.notice('error', messages.cannotTerminateOtherSessions)
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
    const flight = heartbeat.send().then(() => store.getState().serverState)
    stateFlight = flight
    const clear = () => {
      if (stateFlight === flight) stateFlight = null
    }
    void flight.then(clear, clear)
    return flight
  }

  return { listDevices, removeDevice, forceLogout, terminateOthers, getServerState }
}

export type DeviceManagement = ReturnType<typeof createDeviceManagement>
