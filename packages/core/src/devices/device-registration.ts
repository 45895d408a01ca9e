import type { ApiClient } from '../api/api-client-types.ts'
import { clientErrorCodes } from '../api/api-error.ts'
import type { ApiResponse } from '../api/api-response.ts'
import { ErrorCode } from '../contract/common.ts'
import { DeviceLimitBody, type RegisterSessionResponse } from '../contract/session-tracker.ts'
import type { AppRoute } from '../kernel/app-route.ts'
import type { Clock } from '../kernel/clock.ts'
import { REGISTRATION_RETRY_BASE_DELAY_MS, REGISTRATION_RETRY_MAX_DELAY_MS } from '../kernel/constants.ts'
import type { EventEmitter } from '../kernel/emitter.ts'
import { messages } from '../kernel/messages.ts'
import { noticeTopics } from '../kernel/notice-topics.ts'
import { isAdminPath } from '../kernel/routes.ts'
import type { Store } from '../kernel/store.ts'
import type { DeviceEviction } from './device-eviction.ts'
import type { ServerHints } from './device-hint-receiver.ts'
import type { Heartbeat } from './device-lease-heartbeat.ts'
import { openLimitDialog, refreshLimitDialog } from './device-limit-dialog.ts'
import type { DeviceListCache } from './device-list-cache.ts'
import type { DeviceNotices } from './device-notices.ts'
import {
  commandFailure,
  type DeviceSessionEvents,
  type DeviceSessionState,
  deviceErrorCodes,
  type RegistrationResult,
} from './device-public-types.ts'
import type { DeviceSession } from './device-session.ts'

/** The contract's limit on `userAgent` (RegisterSessionRequest); longer ones are cut, not refused. */
const USER_AGENT_MAX_LENGTH = 2048

export interface RegistrationDeps {
  api: ApiClient
  clock: Clock
  /** Where the app is: the admin area is not tracked. */
  route: AppRoute
  store: Store<DeviceSessionState>
  events: EventEmitter<DeviceSessionEvents>
  notices: DeviceNotices
  session: DeviceSession
  heartbeat: Heartbeat
  hints: ServerHints
  eviction: DeviceEviction
  /** The device list, primed with the list the registration's answer carries. */
  devices: DeviceListCache
}

/**
 * Registration (spec sections 4 and 7): POST session-tracker { sessionId, userAgent }. Success starts
 * the heartbeat (in the tab that leads); 403 with canForceLogout opens the device-limit dialog and
 * counts as a failure; the limit's 403 without it says the limit was reached and opens nothing; a
 * 401 SESSION_REVOKED (the id was signed out elsewhere while this page was closed) evicts.
 * Concurrent calls share one request, and a registered device is not registered again, so a double start (React StrictMode) sends one request. A registration that
 * failed for want of a network or on the server's side (5xx, 429) is tried again on the client's
 * clock, 5 s after and then twice as long each time up to 5 min, without another toast, until it
 * succeeds or the session ends (sign-out, another user): the device must not stay unlisted until a
 * reload. A refusal (4xx) would be refused again; it waits for the page to become visible again, a
 * watch, or `register()`.
 */
export function createDeviceRegistration(deps: RegistrationDeps) {
  const { api, clock, route, store, events, notices, session, heartbeat, hints, eviction, devices } = deps
  /** The registration in flight, and the session generation it belongs to. */
  let flight: { generation: number; promise: Promise<RegistrationResult> } | null = null
  let retryTimer: unknown = null
  /** The wait before the next retry, and the session generation its back-off belongs to. */
  let retry = { generation: -1, delay: REGISTRATION_RETRY_BASE_DELAY_MS }

  function cancelRetry(): void {
    if (retryTimer !== null) clock.clearTimeout(retryTimer)
    retryTimer = null
  }
  session.onStop(cancelRetry)

  function scheduleRetry(): void {
    if (retry.generation !== session.generation)
      retry = { generation: session.generation, delay: REGISTRATION_RETRY_BASE_DELAY_MS }
    const { generation, delay } = retry
    retry.delay = Math.min(delay * 2, REGISTRATION_RETRY_MAX_DELAY_MS)
    retryTimer = clock.setTimeout(() => {
      retryTimer = null
      if (generation === session.generation && store.getState().status === 'failed') void attempt(false)
    }, delay)
  }

  /** Registers now (a retry after a failure, or the session starting): a failure is noticed. */
  function register(): Promise<RegistrationResult> {
    return attempt(true)
  }

  function attempt(notify: boolean): Promise<RegistrationResult> {
    const state = store.getState()
    const own = session.requireSession(false)
    if ('ok' in own) return Promise.resolve(own)
    if (state.sessionId === null) return Promise.resolve(session.superseded())
    if (isAdminPath(route.pathname())) {
      store.setState({ status: 'skipped', lastError: null })
      return Promise.resolve({ ok: true, skipped: true })
    }
    if (state.isInitialized) return Promise.resolve({ ok: true, sessionId: state.sessionId, created: false })
    if (flight?.generation === session.generation) return flight.promise
    cancelRetry()
    const current = { generation: session.generation, promise: send(state.sessionId, notify) }
    flight = current
    void current.promise.then(() => {
      if (flight === current) flight = null
    })
    return current.promise
  }

  async function send(sessionId: string, notify: boolean): Promise<RegistrationResult> {
    const generation = session.generation
    const userAgent = store.getState().userAgent.slice(0, USER_AGENT_MAX_LENGTH)
    store.setState({ status: 'registering', lastError: null })
    const sentAt = heartbeat.noteContact(false)
    let response: ApiResponse<RegisterSessionResponse>
    try {
      response = await api.call('registerSession', { body: { sessionId, userAgent } }, { notify: false })
    } catch {
      if (generation !== session.generation) return session.superseded()
      return failed(messages.sessionInitializationError, deviceErrorCodes.exception, 0, notify)
    }
    if (generation !== session.generation) return session.superseded()
    if (response.ok) return registered(response.data, sentAt)
    // The server signed this id out while the page was closed (removed, forced out, by an admin):
    // the person is told why and signs in again, never offered a slot as if this were a new device.
    if (eviction.evictIfRevoked(response)) return session.superseded()
    if (response.status === 403) {
      const limit = DeviceLimitBody.safeParse(response.body)
      if (limit.success) return limit.data.canForceLogout ? limitReached(limit.data) : limitRefused(limit.data, notify)
    }
    if (isTransient(response.status, response.code)) scheduleRetry()
    return failed(messages.sessionRegistrationFailed, response.code, response.status, notify)
  }

  function registered(data: RegisterSessionResponse, sentAt: number): RegistrationResult {
    retry = { generation: session.generation, delay: REGISTRATION_RETRY_BASE_DELAY_MS }
    // Primed first: a subscriber that reads the list when the device registers gets the list with it.
    devices.prime(data.sessions)
    store.setState({ status: 'registered', isInitialized: true, lastError: null, limitDialog: null })
    hints.apply(data.serverState, sentAt, false)
    const created = data.created ?? true
    heartbeat.seekLead(data.sessionId)
    events.emit('registered', { sessionId: data.sessionId, created })
    notices.settled(noticeTopics.deviceRegistration)
    return { ok: true, sessionId: data.sessionId, created }
  }

  function limitReached(body: DeviceLimitBody): RegistrationResult {
    const deviceLimit = body.deviceLimit ?? null
    const dialog = store.getState().limitDialog
    devices.prime(body.sessions)
    store.setState({
      status: 'limit-reached',
      isInitialized: false,
      lastError: messages.deviceLimitReached,
      limitDialog: dialog
        ? refreshLimitDialog(dialog, body.sessions, deviceLimit)
        : openLimitDialog(body.sessions, deviceLimit),
    })
    events.emit('deviceLimitReached', { devices: body.sessions, deviceLimit })
    notices.notice('warning', messages.deviceLimitReached, noticeTopics.deviceRegistration)
    return commandFailure(messages.deviceLimitReached, ErrorCode.deviceLimitReached, 403)
  }

  /**
   * The server refused a new device and offers no removal (canForceLogout false, spec section 4): no
   * dialog opens, the person is told the limit was reached. It counts as a failure, so the page
   * becoming visible again asks once more (a device elsewhere may have signed out meanwhile).
   */
  function limitRefused(body: DeviceLimitBody, notify: boolean): RegistrationResult {
    devices.prime(body.sessions)
    store.setState({
      status: 'failed',
      isInitialized: false,
      lastError: messages.deviceLimitReached,
      limitDialog: null,
    })
    if (notify) notices.notice('warning', messages.deviceLimitReached, noticeTopics.deviceRegistration)
    return commandFailure(messages.deviceLimitReached, ErrorCode.deviceLimitReached, 403)
  }

  function failed(message: string, code: string | null, status: number, notify: boolean): RegistrationResult {
    store.setState({ status: 'failed', lastError: message })
    if (notify) notices.notice('error', message, noticeTopics.deviceRegistration)
    return commandFailure(message, code, status)
  }

  return { register }
}

/** A failure that may pass by itself: no network, no answer in time, or the server's own trouble. */
function isTransient(status: number, code: string | null): boolean {
  if (code === clientErrorCodes.network || code === clientErrorCodes.timeout) return true
  return status >= 500 || status === 429
}

export type DeviceRegistration = ReturnType<typeof createDeviceRegistration>
