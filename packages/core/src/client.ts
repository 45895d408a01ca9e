import type { VisitAnalytics } from './analytics/analytics-public-types.ts'
import { createLazyVisitAnalytics } from './analytics/lazy-visit-analytics.ts'
import type { ApiAuthPort } from './api/api-auth-port.ts'
import { createApiClient } from './api/api-client.ts'
import type { ApiClient } from './api/api-client-types.ts'
import { createApiUrls } from './api/api-urls.ts'
import { tokenStoreApiAuth } from './api/token-store-api-auth.ts'
import { type AuthService, createAuthService } from './auth/auth-service.ts'
import { authSessionStorageOf } from './auth/auth-session-storage.ts'
import type { SupabaseAuth, SupabaseAuthHost, SupabaseSessionAccess } from './auth/supabase/supabase-client.ts'
import { createDeviceSessionService, type DeviceSessionService } from './devices/device-service.ts'
import { type AppRoute, createAppRoute } from './kernel/app-route.ts'
import type { AuthForServices, AuthForServicesState } from './kernel/auth-for-services.ts'
import { type Clock, systemClock } from './kernel/clock.ts'
import { type ClientEvents, createEmitter, type EventEmitter } from './kernel/emitter.ts'
import { evictionMessage } from './kernel/messages.ts'
import type { FetchLike, Platform } from './kernel/ports.ts'
import { createStore } from './kernel/store.ts'
import { createLessonProgress, type LessonProgress } from './lessons/lesson-progress.ts'
import { createQueries, type Queries } from './queries/queries.ts'

export interface CourseClientOptions {
  /** The platform API's base URL, e.g. https://api.example.com (a path prefix is allowed). */
  apiBaseUrl: string
  /** Supabase Auth, for the auth service: a URL and anon key, or a client you already have. */
  supabaseUrl?: string
  supabaseAnonKey?: string
  /** A supabase-js client you already have (the service uses its `auth`). */
  supabase?: SupabaseAuthHost
  platform: Platform
  /** Default: the system clock. Pass a simulated clock to drive time in tests and simulations. */
  clock?: Clock
  /** Overrides the platform's transport (e.g. a mock backend's in-process fetch). */
  fetch?: FetchLike
  /**
   * Who is signed in, for the API client. Default: the auth service when Supabase is configured,
   * else the platform's token store alone (no refresh).
   */
  apiAuth?: ApiAuthPort
  /**
   * `platform` (default): `navigate` events move the platform's navigator after their delay.
   * `manual`: the client only emits them; a router listens and moves.
   */
  navigation?: 'platform' | 'manual'
  /** Default for every request: replay an idempotent request once after a successful token refresh. */
  retryOnRefresh?: boolean
  /** Overrides the User-Agent header (default: the platform's, where the platform lets the client set it). */
  userAgent?: string
  /** Device sessions (heartbeats, watching, the device limit). Default true; needs the auth service. */
  devices?: boolean
  /** Visit analytics. Default true; false is the opt-out: nothing is sent or stored. */
  analytics?: boolean
}

export interface CourseClientConfig {
  readonly apiBaseUrl: string
  readonly supabaseUrl: string | null
  readonly supabaseAnonKey: string | null
  readonly supabase: SupabaseAuthHost | null
}

export interface CourseClient {
  readonly api: ApiClient
  /** The auth service; null when neither supabaseUrl + supabaseAnonKey nor supabase was given. */
  readonly auth: AuthService | null
  /** Device sessions; null without the auth service or with `devices: false`. */
  readonly devices: DeviceSessionService | null
  /** Visit analytics (with `analytics: false` it exists and sends nothing). */
  readonly analytics: VisitAnalytics
  /**
   * The content reads (catalogue, course, curriculum, mentors, notices, banners, calendar, reviews,
   * discount codes, menu settings), one query per endpoint and input, shared by every page that
   * shows them. Observe one with `client.queries.observe(name, input)`.
   */
  readonly queries: Queries
  /** Each lesson's resume position and done marker on this device (decisions.md, "Lessons and media"). */
  readonly lessonProgress: LessonProgress
  /**
   * Where the app is. The app's router calls `route.changed(pathname)` after each navigation that
   * loads no page (the browser platform also hears history changes by itself), so session tracking
   * and analytics skip the admin area and resume after it.
   */
  readonly route: AppRoute
  /** Client-wide events: `notice` (toasts) and `navigate`. */
  readonly events: EventEmitter<ClientEvents>
  readonly platform: Platform
  readonly clock: Clock
  readonly config: CourseClientConfig
  /** Starts background work (services' timers and listeners). Idempotent. */
  start(): void
  /** Stops everything this client started: requests in flight end, timers clear, listeners go. */
  dispose(): void
  readonly status: 'idle' | 'started' | 'disposed'
}

/**
 * One client per app (or per simulated device). Everything it owns (timers, caches, flags,
 * listeners) lives in this instance, so hundreds can run side by side in one process.
 */
export function createCourseClient(options: CourseClientOptions): CourseClient {
  const { platform } = options
  const clock = options.clock ?? systemClock
  const events = createEmitter<ClientEvents>()
  const lifetime = new AbortController()
  const transport = options.fetch ?? platform.fetch
  const pendingNavigations = new Set<unknown>()
  let status: CourseClient['status'] = 'idle'
  // Assigned below, once the auth service (which needs the API client) exists.
  let apiAuth: ApiAuthPort = options.apiAuth ?? tokenStoreApiAuth(platform.tokenStore)

  // The one parse of apiBaseUrl: requests and the beacons that go around the API client share it.
  const urls = createApiUrls(options.apiBaseUrl)
  const api = createApiClient({
    urls,
    fetch: transport,
    clock,
    auth: () => apiAuth,
    events,
    location: platform.location,
    userAgent: options.userAgent ?? (platform.sendsUserAgentHeader ? platform.userAgent() : null),
    retryOnRefresh: options.retryOnRefresh,
    lifetime: lifetime.signal,
  })

  const route = createAppRoute(platform.location)
  let devices: DeviceSessionService | null = null
  const auth = createAuth(options, {
    api,
    platform,
    clock,
    events,
    transport,
    isVideoPlaying: () => devices?.isWatching() ?? false,
  })
  if (auth && !options.apiAuth) apiAuth = auth.apiAuth
  const forServices = auth?.forServices ?? signedOutView()
  const queries = createQueries({ api, clock, lifecycle: platform.lifecycle, account: forServices.store })
  if (auth && options.devices !== false) {
    devices = createDeviceSessionService({
      api,
      platform,
      clock,
      events,
      auth: forServices,
      queries,
      urls,
      accessToken: () => apiAuth.getAccessToken(),
      route,
    })
  }
  // The server signed this device out: the person is told why and signs in again. A device the
  // person removed from its own list was not signed out elsewhere: the removal's own success notice
  // is all they need to read.
  if (auth && devices) {
    devices.events.on('evicted', ({ reason, byThisDevice }) => {
      void auth.signOutEvicted(byThisDevice ? null : evictionMessage(reason))
    })
  }
  const analytics = createLazyVisitAnalytics({
    api,
    urls,
    platform,
    clock,
    auth: forServices,
    enabled: options.analytics !== false,
    route,
  })
  const lessonProgress = createLessonProgress({ platform, clock, account: forServices.store })
  // A completed sign-up is the signup conversion, counted once per account (spec sections 4, 7).
  auth?.events.on('signedUp', ({ userId }) => void analytics.trackSignup(userId))

  if ((options.navigation ?? 'platform') === 'platform') {
    events.on('navigate', ({ to, replace, delayMs }) => {
      if (delayMs <= 0) {
        platform.navigator.navigate(to, { replace })
        return
      }
      const handle = clock.setTimeout(() => {
        pendingNavigations.delete(handle)
        platform.navigator.navigate(to, { replace })
      }, delayMs)
      pendingNavigations.add(handle)
    })
  }

  return {
    api,
    auth,
    devices,
    analytics,
    lessonProgress,
    queries,
    route,
    events,
    platform,
    clock,
    config: Object.freeze({
      apiBaseUrl: options.apiBaseUrl,
      supabaseUrl: options.supabaseUrl ?? null,
      supabaseAnonKey: options.supabaseAnonKey ?? null,
      supabase: options.supabase ?? null,
    }),
    start() {
      if (status !== 'idle') return
      status = 'started'
      void auth?.start()
      devices?.start()
      analytics.start()
      lessonProgress.start()
    },
    dispose() {
      if (status === 'disposed') return
      status = 'disposed'
      analytics.dispose()
      lessonProgress.dispose()
      queries.dispose()
      devices?.dispose()
      route.dispose()
      auth?.dispose()
      lifetime.abort(new DOMException('The client was disposed', 'AbortError'))
      for (const handle of pendingNavigations) clock.clearTimeout(handle)
      pendingNavigations.clear()
      events.all.clear()
    },
    get status() {
      return status
    },
  }
}

/**
 * The auth service over supabase-js: the given client, or one made on first use from the URL and
 * key, carried by the client's transport (the desktop proxy, an in-process mock). supabase-js never
 * refreshes by itself: the service's timer, on the client's clock and under the browser's refresh
 * lock, is the only refresher. supabase-js's own 30 s tick takes a lock of its own, so with both on,
 * two tabs waking together (a laptop out of sleep) sent two refreshes at once and could spend one
 * refresh token twice; the service keeps the hosted client's tick and back-off in its retries.
 */
function createAuth(
  options: CourseClientOptions,
  parts: {
    api: ApiClient
    platform: Platform
    clock: Clock
    events: EventEmitter<ClientEvents>
    transport: FetchLike
    isVideoPlaying: () => boolean
  },
): AuthService | null {
  const { supabaseUrl, supabaseAnonKey } = options
  if (!options.supabase && !(supabaseUrl && supabaseAnonKey)) return null
  let made: Promise<SupabaseAuth> | null = null
  // Only a client the core made keeps its session where the core can reach it.
  let sessionAccess: SupabaseSessionAccess | null = null
  const supabase = (): Promise<SupabaseAuth> => {
    if (!made) {
      made = options.supabase
        ? Promise.resolve(options.supabase.auth)
        : // Its module and auth-js together, in parallel: neither is in an app's first load.
          Promise.all([import('./auth/supabase/supabase-client.ts'), import('@supabase/auth-js')])
            .then(([{ createSupabaseClient }]) =>
              createSupabaseClient({
                url: supabaseUrl!,
                anonKey: supabaseAnonKey!,
                fetch: parts.transport,
                storage: parts.platform.storage,
                authStorage: authSessionStorageOf(parts.platform),
                autoRefreshToken: false,
              }),
            )
            .then((client) => {
              sessionAccess = client
              return client.auth
            })
    }
    return made
  }
  return createAuthService({
    supabase,
    sessionAccess: () => sessionAccess,
    api: parts.api,
    platform: parts.platform,
    clock: parts.clock,
    events: parts.events,
    isVideoPlaying: parts.isVideoPlaying,
    onDispose: () => {
      // A supabase-js the core made stops its own timer with the client; one passed in is the caller's.
      if (made && !options.supabase) void made.then((auth) => auth.stopAutoRefresh()).catch(() => {})
    },
  })
}

/** Without the auth service nobody is signed in: analytics counts anonymous visits. */
function signedOutView(): AuthForServices {
  return {
    store: createStore<AuthForServicesState>({ status: 'unauthenticated', user: null }),
    onBeforeSignOut: () => () => {},
  }
}
