/**
 * Test-only (not exported): a page of the testkit's world running the visit analytics service, built
 * here from the core's own modules as a unit under test, over a hand-driven AuthForServices.
 */
import { demoAccounts, type MockBackend } from '@coursekit/mock-server'
import type { World } from '@coursekit/testkit'
import { createApiUrls } from '../api/api-urls.ts'
import type { CourseClient } from '../client.ts'
import type { AuthForServices, AuthForServicesState } from '../kernel/auth-for-services.ts'
import type { Navigation, Notice } from '../kernel/emitter.ts'
import type { FetchLike } from '../kernel/ports.ts'
import { createStore, type Store } from '../kernel/store.ts'
import type { MemoryPlatform, MemoryPlatformOptions } from '../platform/memory-platform.ts'
import { APP_ORIGIN, type SimulatedClock } from '../testing/index.ts'
import type { VisitAnalytics, VisitAnalyticsEvents } from './analytics-public-types.ts'
import { createVisitAnalytics } from './analytics-service.ts'

export const signedIn: AuthForServicesState = {
  status: 'authenticated',
  user: { id: demoAccounts.learner.id, email: demoAccounts.learner.email },
}
export const signedOut: AuthForServicesState = { status: 'unauthenticated', user: null }

export interface SentRequest {
  method: string
  path: string
  contentType: string | null
}

export interface AnalyticsPage {
  clock: SimulatedClock
  backend: MockBackend
  platform: MemoryPlatform
  client: CourseClient
  authStore: Store<AuthForServicesState>
  analytics: VisitAnalytics
  /** Every request that reached the backend, API calls and delivered beacons alike. */
  readonly requests: SentRequest[]
  notices: Notice[]
  navigations: Navigation[]
  failures: VisitAnalyticsEvents['failed'][]
  /** Runs due work (promise chains, in-process responses) until `done` holds; throws if it never does. */
  until(done: () => boolean): Promise<void>
  /** Lets everything in flight finish, for asserting that nothing (more) happens. */
  settle(): Promise<void>
  /** A new page load in the same browser: same backend, clock and storage, a fresh client. */
  reload(overrides?: AnalyticsPageOptions): AnalyticsPage
}

export interface AnalyticsPageOptions extends Omit<MemoryPlatformOptions, 'fetch' | 'url'> {
  /** Path and query of the page, under APP_ORIGIN. Default /courses. */
  page?: string
  auth?: AuthForServicesState
  enabled?: boolean
  /** Replaces the platform's beacon (e.g. one that refuses). */
  beacon?: MemoryPlatform['beacon']
  /** Puts something between the page and the backend (e.g. a proxy that rewrites an answer). */
  wrapFetch?: (fetch: FetchLike) => FetchLike
}

/** A page of `world` (a device of its own browser) with the visit analytics service on its client's API. */
export function analyticsPage(world: World, options: AnalyticsPageOptions = {}): AnalyticsPage {
  const { page, auth, enabled, beacon, wrapFetch, ...platformOptions } = options
  const { clock, backend } = world
  const device = world.device({
    ...platformOptions,
    url: `${APP_ORIGIN}${page ?? '/courses'}`,
    deliverBeacons: true,
    wrapFetch,
    platformFor: (memory) => (beacon ? { ...memory, beacon } : memory),
    client: { supabaseUrl: undefined, supabaseAnonKey: undefined },
  })
  const { client, notices, navigations } = device
  // The memory platform, with the given beacon.
  const platform = client.platform as MemoryPlatform
  const authStore = createStore<AuthForServicesState>(auth ?? signedOut)
  const forServices: AuthForServices = { store: authStore, onBeforeSignOut: () => () => {} }
  const analytics = createVisitAnalytics({
    api: client.api,
    urls: createApiUrls(backend.url),
    platform,
    clock,
    auth: forServices,
    enabled,
    route: client.route,
  })
  const failures: VisitAnalyticsEvents['failed'][] = []
  analytics.events.on('failed', (failure) => failures.push(failure))

  return {
    clock,
    backend,
    platform,
    client,
    authStore,
    analytics,
    get requests() {
      return device.requests.map(({ method, path, contentType }) => ({ method, path, contentType }))
    },
    notices,
    navigations,
    failures,
    until: world.until,
    settle: world.idle,
    reload(overrides = {}) {
      return analyticsPage(world, {
        ...options,
        ...overrides,
        storage: Object.fromEntries(
          ['returning_user', 'analytics_session_id', 'coursekit.signupConversions'].flatMap((key) => {
            const value = platform.storage.get(key)
            return value === null ? [] : [[key, value]]
          }),
        ),
      })
    },
  }
}
