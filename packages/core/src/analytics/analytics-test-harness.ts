/**
 * Test-only (not exported): visit analytics wired to a fresh mock backend through its in-process
 * fetch, on one simulated clock shared by the client and the backend, with a hand-driven AuthForServices.
 */
import { createMockBackend, demoAccounts, type MockBackend } from '@coursekit/mock-server'
import { type CourseClient, createCourseClient } from '../client.ts'
import type { AuthForServices, AuthForServicesState } from '../kernel/auth-for-services.ts'
import type { Navigation, Notice } from '../kernel/emitter.ts'
import type { FetchLike } from '../kernel/ports.ts'
import { createStore, type Store } from '../kernel/store.ts'
import { type MemoryPlatform, type MemoryPlatformOptions, memoryPlatform } from '../platform/memory-platform.ts'
import { createSimulatedClock, type SimulatedClock } from '../testing/index.ts'
import type { VisitAnalytics, VisitAnalyticsEvents } from './analytics-public-types.ts'
import { createVisitAnalytics } from './analytics-service.ts'

export const PAGE_ORIGIN = 'https://app.coursekit.test'

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

export interface AnalyticsHarness {
  clock: SimulatedClock
  backend: MockBackend
  platform: MemoryPlatform
  client: CourseClient
  authStore: Store<AuthForServicesState>
  analytics: VisitAnalytics
  /** Every request that reached the backend, API calls and delivered beacons alike. */
  requests: SentRequest[]
  notices: Notice[]
  navigations: Navigation[]
  failures: VisitAnalyticsEvents['failed'][]
  /** Runs due work (promise chains, in-process responses) until `done` holds; throws if it never does. */
  until(done: () => boolean): Promise<void>
  /** Lets everything in flight finish, for asserting that nothing (more) happens. */
  settle(): Promise<void>
  /** A new page load in the same browser: same backend, clock and storage, a fresh client. */
  reload(overrides?: HarnessOptions): AnalyticsHarness
}

export interface HarnessOptions extends Omit<MemoryPlatformOptions, 'fetch' | 'url'> {
  /** Path and query of the page, under PAGE_ORIGIN. Default /courses. */
  page?: string
  auth?: AuthForServicesState
  enabled?: boolean
  /** Replaces the platform's beacon (e.g. one that refuses). */
  beacon?: MemoryPlatform['beacon']
  backend?: MockBackend
  clock?: SimulatedClock
  /** Puts something between the page and the backend (e.g. a proxy that rewrites an answer). */
  wrapFetch?: (fetch: FetchLike) => FetchLike
}

export async function createAnalyticsHarness(options: HarnessOptions = {}): Promise<AnalyticsHarness> {
  const clock = options.clock ?? createSimulatedClock()
  const backend = options.backend ?? (await createMockBackend({ clock }))
  return assemble(clock, backend, options)
}

function assemble(clock: SimulatedClock, backend: MockBackend, options: HarnessOptions): AnalyticsHarness {
  const { page, auth, enabled, beacon, wrapFetch, ...platformOptions } = options
  const requests: SentRequest[] = []
  const recorded: FetchLike = (input, init) => {
    const request = new Request(input, init)
    requests.push({
      method: request.method,
      path: new URL(request.url).pathname,
      contentType: request.headers.get('content-type'),
    })
    return backend.fetch(request)
  }
  const fetch = wrapFetch ? wrapFetch(recorded) : recorded
  const base = memoryPlatform({
    ...platformOptions,
    url: `${PAGE_ORIGIN}${page ?? '/courses'}`,
    fetch,
    deliverBeacons: true,
  })
  const platform: MemoryPlatform = beacon ? { ...base, beacon } : base
  const client = createCourseClient({ apiBaseUrl: backend.url, platform, clock, fetch })
  const notices: Notice[] = []
  const navigations: Navigation[] = []
  client.events.on('notice', (notice) => notices.push(notice))
  client.events.on('navigate', (navigation) => navigations.push(navigation))
  const authStore = createStore<AuthForServicesState>(auth ?? signedOut)
  const forServices: AuthForServices = { store: authStore, onBeforeSignOut: () => () => {} }
  const analytics = createVisitAnalytics({
    api: client.api,
    apiBaseUrl: backend.url,
    platform,
    clock,
    auth: forServices,
    enabled,
    route: client.route,
  })
  const failures: VisitAnalyticsEvents['failed'][] = []
  analytics.events.on('failed', (failure) => failures.push(failure))

  const harness: AnalyticsHarness = {
    clock,
    backend,
    platform,
    client,
    authStore,
    analytics,
    requests,
    notices,
    navigations,
    failures,
    async until(done) {
      for (let round = 0; round < 200 && !done(); round++) await clock.tickAsync(0)
      if (!done()) throw new Error('the awaited condition never held')
    },
    async settle() {
      for (let round = 0; round < 50; round++) await clock.tickAsync(0)
    },
    reload(overrides = {}) {
      return assemble(clock, backend, {
        ...options,
        ...overrides,
        storage: Object.fromEntries(
          ['returning_user', 'analytics_session_id'].flatMap((key) => {
            const value = platform.storage.get(key)
            return value === null ? [] : [[key, value]]
          }),
        ),
      })
    },
  }
  return harness
}
