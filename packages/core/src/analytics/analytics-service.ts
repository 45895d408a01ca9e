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
import type {
  AnalyticsOperation,
  VisitAnalytics,
  VisitAnalyticsEvents,
  VisitAnalyticsState,
} from './analytics-public-types.ts'
import { initialVisitState } from './analytics-state.ts'
import { visitFields } from './analytics-visit-fields.ts'
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
  /** Time the visit spent in the admin area, which is not part of it: the total, and the stay under way. */
  let adminMs = 0
  let adminSince: number | null = null

  const isLive = () => {
    const { status } = store.getState()
    return status === 'tracking' || status === 'tracked'
  }

  const fail = (operation: AnalyticsOperation, error: string, status: number) => {
    store.setState({ lastError: error })
    events.emit('failed', { operation, error, status })
  }

  /** Resolves when the auth state is no longer loading, after the limit, or when cut short. */
  function authSettled(): Promise<void> {
    if (auth.store.getState().status !== 'loading') return Promise.resolve()
    return new Promise((resolve) => {
      const finish = () => {
        endAuthWait = null
        unsubscribe()
        clock.clearTimeout(timer)
        resolve()
      }
      const unsubscribe = auth.store.subscribe((state) => {
        if (state.status !== 'loading') finish()
      })
      const timer = clock.setTimeout(finish, AUTH_SETTLE_LIMIT_MS)
      endAuthWait = finish
    })
  }

  async function trackVisit(entry: LocationSnapshot): Promise<void> {
    await authSettled()
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
    if (admin && adminSince === null) adminSince = clock.now()
    if (!admin && adminSince !== null) {
      adminMs += clock.now() - adminSince
      adminSince = null
    }
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
      const inAdminArea = adminMs + (adminSince === null ? 0 : now - adminSince)
      const durationMs = Math.max(0, now - startedAt - inAdminArea)
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
      const counted = signedUpAccounts(platform)
      if (counted.includes(userId)) return 'duplicate'
      // Marked before sending, so another tab or a reload meanwhile does not send it too.
      saveSignedUpAccounts(platform, [...counted, userId])
      const outcome = await service.trackConversion('signup')
      if (outcome !== 'tracked' && outcome !== 'duplicate') {
        // Not recorded (the admin area, a failure): a later sign-up moment may try again.
        saveSignedUpAccounts(
          platform,
          signedUpAccounts(platform).filter((id) => id !== userId),
        )
      }
      return outcome
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

/** The most accounts remembered: a shared computer's few, not a list that grows for ever. */
const SIGNED_UP_ACCOUNTS_KEPT = 20

function signedUpAccounts(platform: Platform): string[] {
  try {
    const kept: unknown = JSON.parse(platform.storage.get(storageKeys.signupConversions) ?? '[]')
    return Array.isArray(kept) ? kept.filter((id): id is string => typeof id === 'string') : []
  } catch {
    return []
  }
}

function saveSignedUpAccounts(platform: Platform, userIds: readonly string[]): void {
  platform.storage.set(storageKeys.signupConversions, JSON.stringify(userIds.slice(-SIGNED_UP_ACCOUNTS_KEPT)))
}
