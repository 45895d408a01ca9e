import { clientErrorCodes } from '../api/api-error.ts'
import type { ApiResponse } from '../api/api-response.ts'
import { ErrorCode } from '../contract/common.ts'
import { DeviceLimitBody, type RegisterSessionResponse } from '../contract/session-tracker.ts'
import { REGISTRATION_RETRY_BASE_DELAY_MS, REGISTRATION_RETRY_MAX_DELAY_MS } from '../kernel/constants.ts'
import { messages } from '../kernel/messages.ts'
import { noticeTopics } from '../kernel/notice-topics.ts'
import { isAdminPath } from '../kernel/routes.ts'
import type { DeviceContext } from './device-context.ts'
import { openLimitDialog, refreshLimitDialog } from './device-limit-dialog.ts'
import type { DeviceListCache } from './device-list-cache.ts'
import { commandFailure, deviceErrorCodes, type RegistrationResult } from './device-public-types.ts'

/** The contract's limit on `userAgent` (RegisterSessionRequest); longer ones are cut, not refused. */
const USER_AGENT_MAX_LENGTH = 2048

/** What registration needs of the device session. */
export type RegistrationSession = Pick<
  DeviceContext,
  | 'api'
  | 'applyHint'
  | 'clock'
  | 'events'
  | 'evictIfRevoked'
  | 'generation'
  | 'noteContact'
  | 'notice'
  | 'onSessionEnd'
  | 'requireSession'
  | 'route'
  | 'seekLead'
  | 'settled'
  | 'store'
  | 'superseded'
>

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
export function createDeviceRegistration(ctx: RegistrationSession, devices: DeviceListCache) {
  const { store } = ctx
  /** The registration in flight, and the session generation it belongs to. */
  let flight: { generation: number; promise: Promise<RegistrationResult> } | null = null
  let retryTimer: unknown = null
  /** The wait before the next retry, and the session generation its back-off belongs to. */
  let retry = { generation: -1, delay: REGISTRATION_RETRY_BASE_DELAY_MS }

  function cancelRetry(): void {
    if (retryTimer !== null) ctx.clock.clearTimeout(retryTimer)
    retryTimer = null
  }
  ctx.onSessionEnd(cancelRetry)

  function scheduleRetry(): void {
    if (retry.generation !== ctx.generation)
      retry = { generation: ctx.generation, delay: REGISTRATION_RETRY_BASE_DELAY_MS }
    const { generation, delay } = retry
    retry.delay = Math.min(delay * 2, REGISTRATION_RETRY_MAX_DELAY_MS)
    retryTimer = ctx.clock.setTimeout(() => {
      retryTimer = null
      if (generation === ctx.generation && store.getState().status === 'failed') void attempt(false)
    }, delay)
  }

  /** Registers now (a retry after a failure, or the session starting): a failure is noticed. */
  function register(): Promise<RegistrationResult> {
    return attempt(true)
  }

  function attempt(notify: boolean): Promise<RegistrationResult> {
    const state = store.getState()
    const session = ctx.requireSession(false)
    if ('ok' in session) return Promise.resolve(session)
    if (state.sessionId === null) return Promise.resolve(ctx.superseded())
    if (isAdminPath(ctx.route.pathname())) {
      store.setState({ status: 'skipped', lastError: null })
      return Promise.resolve({ ok: true, skipped: true })
    }
    if (state.isInitialized) return Promise.resolve({ ok: true, sessionId: state.sessionId, created: false })
    if (flight?.generation === ctx.generation) return flight.promise
    cancelRetry()
    const current = { generation: ctx.generation, promise: send(state.sessionId, notify) }
    flight = current
    void current.promise.then(() => {
      if (flight === current) flight = null
    })
    return current.promise
  }

  async function send(sessionId: string, notify: boolean): Promise<RegistrationResult> {
    const generation = ctx.generation
    const userAgent = store.getState().userAgent.slice(0, USER_AGENT_MAX_LENGTH)
    store.setState({ status: 'registering', lastError: null })
    const sentAt = ctx.noteContact(false)
    let response: ApiResponse<RegisterSessionResponse>
    try {
      response = await ctx.api.call('registerSession', { body: { sessionId, userAgent } }, { notify: false })
    } catch {
      if (generation !== ctx.generation) return ctx.superseded()
      return failed(messages.sessionInitializationError, deviceErrorCodes.exception, 0, notify)
    }
    if (generation !== ctx.generation) return ctx.superseded()
    if (response.ok) return registered(response.data, sentAt)
    // The server signed this id out while the page was closed (removed, forced out, by an admin):
    // the person is told why and signs in again, never offered a slot as if this were a new device.
    if (ctx.evictIfRevoked(response)) return ctx.superseded()
    if (response.status === 403) {
      const limit = DeviceLimitBody.safeParse(response.body)
      if (limit.success) return limit.data.canForceLogout ? limitReached(limit.data) : limitRefused(limit.data, notify)
    }
    if (isTransient(response.status, response.code)) scheduleRetry()
    return failed(messages.sessionRegistrationFailed, response.code, response.status, notify)
  }

  function registered(data: RegisterSessionResponse, sentAt: number): RegistrationResult {
    retry = { generation: ctx.generation, delay: REGISTRATION_RETRY_BASE_DELAY_MS }
    // Primed first: a subscriber that reads the list when the device registers gets the list with it.
    devices.prime(data.sessions)
    store.setState({ status: 'registered', isInitialized: true, lastError: null, limitDialog: null })
    ctx.applyHint(data.serverState, sentAt, false)
    const created = data.created ?? true
    ctx.seekLead(data.sessionId)
    ctx.events.emit('registered', { sessionId: data.sessionId, created })
    ctx.settled(noticeTopics.deviceRegistration)
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
    ctx.events.emit('deviceLimitReached', { devices: body.sessions, deviceLimit })
    ctx.notice('warning', messages.deviceLimitReached, noticeTopics.deviceRegistration)
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
    if (notify) ctx.notice('warning', messages.deviceLimitReached, noticeTopics.deviceRegistration)
    return commandFailure(messages.deviceLimitReached, ErrorCode.deviceLimitReached, 403)
  }

  function failed(message: string, code: string | null, status: number, notify: boolean): RegistrationResult {
    store.setState({ status: 'failed', lastError: message })
    if (notify) ctx.notice('error', message, noticeTopics.deviceRegistration)
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
