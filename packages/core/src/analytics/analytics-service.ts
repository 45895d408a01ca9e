import type { ApiClient } from '../api/api-client-types.ts'
import type { ApiResponse } from '../api/api-response.ts'
import type { ApiUrls } from '../api/api-urls.ts'
import type { ConversionType, UpdateVisitRequest } from '../contract/analytics.ts'
import { endpointPath, endpointRoutes } from '../contract/endpoint-routes.ts'
import { type AppRoute, createAppRoute } from '../kernel/app-route.ts'
import type { AuthForServices } from '../kernel/auth-for-services.ts'
import type { Clock } from '../kernel/clock.ts'
import { AUTH_WAIT_LIMIT_MS, BOUNCE_THRESHOLD_MS } from '../kernel/constants.ts'
import { createEmitter, type EventEmitter } from '../kernel/emitter.ts'
import type { LocationSnapshot, Platform } from '../kernel/ports.ts'
import { isAdminPath } from '../kernel/routes.ts'
import { storageKeys } from '../kernel/storage-keys.ts'
import { createStore, type Store } from '../kernel/store.ts'
import { AdminAreaTime } from './admin-area-time.ts'
import type {
  AnalyticsOperation,
  VisitAnalytics,
  VisitAnalyticsEvents,
  VisitAnalyticsState,
} from './analytics-public-types.ts'
import { initialVisitState } from './analytics-state.ts'
import { visitFields } from './analytics-visit-fields.ts'
import { waitForAuthSettled } from './auth-settle.ts'
import { trackSignupOnce } from './signed-up-accounts.ts'
import { classifyUserAgent } from './user-agent-classifier.ts'

export interface VisitAnalyticsOptions {
  api: ApiClient
  /** The API's URLs: the page-hide beacon is sent outside the API client. */
  urls: ApiUrls
  platform: Platform
  clock: Clock
  auth: AuthForServices
  /** The opt-out of the client config. Default true. */
  enabled?: boolean
  /** Where the app is, to skip the admin area. Default: one over the platform's location. */
  route?: AppRoute
  /**
   * The state and events to use, made before this module loaded (lazy-visit-analytics.ts): what the
   * app subscribed to meanwhile is what the service then updates. Default: its own.
   */
  store?: Store<VisitAnalyticsState>
  events?: EventEmitter<VisitAnalyticsEvents>
}

/** Longest the visit waits for the auth state to settle, so a signed-in visit carries its userId. */
const AUTH_SETTLE_LIMIT_MS = AUTH_WAIT_LIMIT_MS

/**
 * Visit analytics (spec sections 3, 4, 7 and 9): one visit per page load, its end as a beacon when
 * the page goes away, and signup/paid conversions. Fire-and-forget throughout: calls go with
 * `notify: false`, a failure becomes state and a `failed` event, nothing is retried, and nothing
 * the app does waits for it.
 */
export function createVisitAnalytics(options: VisitAnalyticsOptions): VisitAnalytics {
  const { api, platform, clock, auth } = options
  const enabled = options.enabled ?? true
  const route = options.route ?? createAppRoute(platform.location)

  const store = options.store ?? createStore<VisitAnalyticsState>(initialVisitState(enabled))
  const events = options.events ?? createEmitter<VisitAnalyticsEvents>()
  const requestedConversions = new Set<ConversionType>()
  const cleanups: (() => void)[] = []
  let resolveVisit: (visitId: string | null) => void = () => {}
  const visitReady = new Promise<string | null>((resolve) => {
    resolveVisit = resolve
  })
  let endAuthWait: (() => void) | null = null
  /** The end measured while the visit id was not known yet; sent when it arrives. */
  let pendingEnd: UpdateVisitRequest | null = null
  const adminArea = new AdminAreaTime()

  const isLive = () => {
    const { status } = store.getState()
    return status === 'tracking' || status === 'tracked'
  }

  const fail = (operation: AnalyticsOperation, error: string, status: number) => {
    store.setState({ lastError: error })
    events.emit('failed', { operation, error, status })
  }

  async function trackVisit(entry: LocationSnapshot): Promise<void> {
    const wait = waitForAuthSettled(auth, clock, AUTH_SETTLE_LIMIT_MS)
    endAuthWait = wait.cut
    await wait.settled
    endAuthWait = null
    if (!isLive()) return
    const isNewUser = platform.storage.get(storageKeys.returningUser) === null
    platform.storage.set(storageKeys.returningUser, 'true')
    const body = visitFields({
      entry,
      referrer: platform.referrer(),
      userId: auth.store.getState().user?.id ?? null,
      isNewUser,
      client: classifyUserAgent(platform.userAgent(), { maxTouchPoints: platform.maxTouchPoints() }),
    })
    const result = await api.call('trackVisit', { body }, { notify: false })
    if (!isLive()) return
    if (!result.ok) {
      store.setState({ status: 'failed' })
      fail('trackVisit', result.error, result.status)
      resolveVisit(null)
      return
    }
    const visitId = result.data.sessionId
    platform.storage.set(storageKeys.analyticsSessionId, visitId)
    store.setState({ status: 'tracked', visitId })
    events.emit('visitTracked', { visitId, isNewUser })
    resolveVisit(visitId)
    if (pendingEnd) sendEnd(visitId, pendingEnd)
  }

  function sendEnd(visitId: string, update: UpdateVisitRequest): void {
    pendingEnd = null
    const url = options.urls.url(endpointPath(endpointRoutes.updateVisit.path, { sessionId: visitId }))
    let queued = false
    try {
      queued = platform.beacon.send(url, JSON.stringify(update))
    } catch {
      queued = false
    }
    if (!queued) {
      // The browser refused the beacon (its queue is full): one ordinary request instead, no more.
      queued = true
      void api
        .call('updateVisit', { params: { sessionId: visitId }, body: update }, { notify: false })
        .then((result) => reportFailure('endVisit', result), swallow)
    }
    events.emit('visitEnded', { visitId, ...update, queued })
  }

  function reportFailure(operation: AnalyticsOperation, result: ApiResponse<unknown>): void {
    if (!result.ok && store.getState().status !== 'disposed') fail(operation, result.error, result.status)
  }

  function beginVisit(): void {
    const entry = { ...platform.location.current(), pathname: route.pathname() }
    store.setState({ status: 'tracking', startedAt: clock.now() })
    cleanups.push(
      platform.lifecycle.onPageHide(() => service.endVisit()),
      // The only page-leaving signal mobile browsers reliably send.
      platform.lifecycle.onVisibilityChange((visible) => {
        if (!visible) service.endVisit()
      }),
    )
    trackVisit(entry).catch((error: unknown) => {
      if (!isLive()) return
      store.setState({ status: 'failed' })
      fail('trackVisit', error instanceof Error ? error.message : String(error), 0)
      resolveVisit(null)
    })
  }

  /** The app moved without a page load: the admin area is skipped, and tracking resumes after it. */
  function followRoute(pathname: string): void {
    const admin = isAdminPath(pathname)
    const { status } = store.getState()
    if (status === 'skipped') {
      if (!admin) beginVisit()
      return
    }
    adminArea.follow(admin, clock.now())
  }

  const service: VisitAnalytics = {
    store,
    events,

    start() {
      if (store.getState().status !== 'idle') return
      cleanups.push(route.subscribe(followRoute))
      if (isAdminPath(route.pathname())) {
        // Conversions answer `skipped` meanwhile; the visit begins when the app leaves the area.
        store.setState({ status: 'skipped' })
        return
      }
      beginVisit()
    },

    endVisit() {
      const { status, startedAt, visitId, ended } = store.getState()
      if (ended || startedAt === null || (status !== 'tracking' && status !== 'tracked')) return
      const now = clock.now()
      const durationMs = Math.max(0, now - startedAt - adminArea.totalAt(now))
      const update: UpdateVisitRequest = {
        visitDuration: Math.floor(durationMs / 1000),
        bounced: durationMs < BOUNCE_THRESHOLD_MS,
      }
      store.setState({ ended: true })
      if (visitId !== null) {
        sendEnd(visitId, update)
        return
      }
      // Not recorded yet: keep the measured end for when the id arrives, and stop waiting for auth
      // so the visit goes out while the page may still be alive.
      pendingEnd = update
      endAuthWait?.()
    },

    async trackConversion(conversionType) {
      if (requestedConversions.has(conversionType)) return 'duplicate'
      const { status } = store.getState()
      if (status === 'disabled' || status === 'skipped' || status === 'disposed') return status
      if (isAdminPath(route.pathname())) return 'skipped'
      requestedConversions.add(conversionType)
      const visitId = await visitReady
      if (visitId === null) {
        const now = store.getState().status
        return now === 'skipped' || now === 'disposed' ? now : 'failed'
      }
      try {
        const result = await api.call(
          'trackConversion',
          { params: { sessionId: visitId }, body: { conversionType } },
          { notify: false },
        )
        if (store.getState().status === 'disposed') return result.ok ? 'tracked' : 'disposed'
        if (!result.ok) {
          fail('trackConversion', result.error, result.status)
          return 'failed'
        }
        store.setState((state) => ({ conversions: [...state.conversions, conversionType] }))
        events.emit('conversionTracked', { visitId, conversionType })
        return 'tracked'
      } catch {
        return 'failed'
      }
    },

    async trackSignup(userId) {
      const { status } = store.getState()
      if (status === 'disabled' || status === 'disposed') return status
      return trackSignupOnce(platform, userId, () => service.trackConversion('signup'))
    },

    dispose() {
      if (store.getState().status === 'disposed') return
      store.setState({ status: 'disposed' })
      for (const cleanup of cleanups.splice(0)) cleanup()
      if (!options.route) route.dispose()
      endAuthWait?.()
      resolveVisit(null)
      events.all.clear()
    },
  }
  return service
}

function swallow(): void {}
