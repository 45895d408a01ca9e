/**
 * Test-only (not exported): devices (and tabs of one browser) running the device service against one
 * in-process mock backend, all on one simulated clock. Until the auth service exists, a test device's
 * AuthForServices is a plain store and its ApiAuthPort holds a real token from the backend.
 */
import { createMockBackend, demoAccounts, type MockBackend } from '@coursekit/mock-server'
import type { ApiAuthPort } from '../api/api-auth-port.ts'
import type { ApiClient } from '../api/api-client-types.ts'
import { type CourseClient, createCourseClient } from '../client.ts'
import type { AuthForServices, AuthForServicesState } from '../kernel/auth-for-services.ts'
import type { Navigation, Notice } from '../kernel/emitter.ts'
import type { FetchLike } from '../kernel/ports.ts'
import { createStore, type Store } from '../kernel/store.ts'
import { createMemoryBroadcast } from '../platform/memory-broadcast.ts'
import { createMemoryLocks } from '../platform/memory-locks.ts'
import { type MemoryPlatform, memoryPlatform } from '../platform/memory-platform.ts'
import { createMemoryStorage } from '../platform/memory-storage.ts'
import { createSimulatedClock, type SimulatedClock } from '../testing/index.ts'
import type { DeviceSessionEvents } from './device-public-types.ts'
import { createDeviceSessionService, type DeviceSessionService } from './device-service.ts'

export { HOUR, MINUTE } from '../kernel/time-units.ts'

export interface Account {
  id: string
  email: string
}

export const learner: Account = { id: demoAccounts.learner.id, email: demoAccounts.learner.email }
export const otherLearner: Account = { id: demoAccounts.incomplete.id, email: demoAccounts.incomplete.email }

export interface RecordedRequest {
  device: string
  method: string
  /** The path below the backend's URL, without the query. */
  path: string
  at: number
  body: unknown
}

export interface DeviceWorld {
  clock: SimulatedClock
  backend: MockBackend
  requests: RecordedRequest[]
  /** Requests sent and not yet answered. */
  inFlight(): number
  /** A fetch to the backend that records every request as made by `device`. */
  fetchFor(device: string): FetchLike
  /** Requests to a session-tracker route (`''` is registration, `'heartbeat'`, `'watch'`, ...), optionally of one device. */
  tracker(route: string, device?: string): RecordedRequest[]
}

const TRACKER = '/api/v2/session-tracker'

export async function createDeviceWorld(
  options: { deviceLimit?: number; sessionLeaseMs?: number; jwtExpirySeconds?: number } = {},
): Promise<DeviceWorld> {
  const clock = createSimulatedClock()
  const backend = await createMockBackend({ clock, jwtExpirySeconds: 7 * 24 * 3600, ...options })
  const requests: RecordedRequest[] = []
  let inFlight = 0
  return {
    clock,
    backend,
    requests,
    inFlight: () => inFlight,
    fetchFor(device) {
      return async (input, init) => {
        const request = new Request(input, init)
        const text = await request.clone().text()
        let body: unknown = null
        try {
          body = text === '' ? null : JSON.parse(text)
        } catch {
          body = text
        }
        requests.push({ device, method: request.method, path: new URL(request.url).pathname, at: clock.now(), body })
        inFlight++
        try {
          return await backend.fetch(request)
        } finally {
          inFlight--
        }
      }
    },
    tracker(route, device) {
      const path = route === '' ? TRACKER : `${TRACKER}/${route}`
      return requests.filter((r) => r.path === path && (device === undefined || r.device === device))
    },
  }
}

/** What tabs of one browser share: local storage, broadcast channels and locks. */
export interface BrowserShare {
  storage: ReturnType<typeof createMemoryStorage>
  sharedBroadcast: ReturnType<typeof createMemoryBroadcast>
  sharedLocks: ReturnType<typeof createMemoryLocks>
}

export function createBrowserShare(): BrowserShare {
  return { storage: createMemoryStorage(), sharedBroadcast: createMemoryBroadcast(), sharedLocks: createMemoryLocks() }
}

/** An ApiAuthPort holding a token a test sets. */
export class TestAuthSource implements ApiAuthPort {
  token: string | null = null
  userId: string | null = null
  videoPlaying: () => boolean = () => false
  logoutInProgress = false
  getAccessToken() {
    return this.token
  }
  getUserId() {
    return this.userId
  }
  isInitialized() {
    return true
  }
  isAuthenticated() {
    return this.token !== null
  }
  async refresh() {
    return false
  }
  async logout() {
    this.token = null
    this.userId = null
  }
  isVideoPlaying() {
    return this.videoPlaying()
  }
}

export interface TestDevice {
  name: string
  world: DeviceWorld
  platform: MemoryPlatform
  client: CourseClient
  service: DeviceSessionService
  apiAuth: TestAuthSource
  authStore: Store<AuthForServicesState>
  notices: Notice[]
  navigations: Navigation[]
  /** Every device event, in order, as [name, payload]. */
  seen: [keyof DeviceSessionEvents, unknown][]
  browser: BrowserShare
  signIn(account?: Account): Promise<void>
  /** Signs out as the auth service will: the before-sign-out hooks first, then the state. */
  signOut(): Promise<void>
  dispose(): void
}

export interface TestDeviceOptions {
  /** Another device's browser share: this one is then a tab of the same browser. */
  browser?: BrowserShare
  url?: string
  userAgent?: string
  /** Default true. */
  start?: boolean
  generateId?: () => string
  /** Replaces the API client the service sees (e.g. one that throws). */
  wrapApi?: (api: ApiClient) => ApiClient
  /** Puts something between this device and the backend (e.g. a proxy that rewrites an answer). */
  wrapFetch?: (fetch: FetchLike) => FetchLike
}

export function createTestDevice(world: DeviceWorld, name: string, options: TestDeviceOptions = {}): TestDevice {
  const browser = options.browser ?? createBrowserShare()
  const recorded = world.fetchFor(name)
  const fetch = options.wrapFetch ? options.wrapFetch(recorded) : recorded
  const platform = memoryPlatform({
    url: options.url ?? 'https://app.coursekit.test/courses',
    userAgent: options.userAgent ?? `test-browser (${name})`,
    fetch,
    deliverBeacons: true,
    sharedStorage: browser.storage,
    sharedBroadcast: browser.sharedBroadcast,
    sharedLocks: browser.sharedLocks,
  })
  const apiAuth = new TestAuthSource()
  const authStore = createStore<AuthForServicesState>({ status: 'unauthenticated', user: null })
  const hooks = new Set<() => Promise<void>>()
  const auth: AuthForServices = {
    store: authStore,
    onBeforeSignOut(hook) {
      hooks.add(hook)
      return () => hooks.delete(hook)
    },
  }
  const client = createCourseClient({
    apiBaseUrl: world.backend.url,
    platform,
    clock: world.clock,
    fetch,
    apiAuth,
    navigation: 'manual',
  })
  const service = createDeviceSessionService({
    api: options.wrapApi ? options.wrapApi(client.api) : client.api,
    platform,
    clock: world.clock,
    events: client.events,
    auth,
    apiBaseUrl: world.backend.url,
    accessToken: () => apiAuth.token,
    generateId: options.generateId,
    route: client.route,
  })
  apiAuth.videoPlaying = () => service.isWatching()
  const notices: Notice[] = []
  client.events.on('notice', (notice) => notices.push(notice))
  const navigations: Navigation[] = []
  client.events.on('navigate', (navigation) => navigations.push(navigation))
  const seen: TestDevice['seen'] = []
  service.events.on('*', (type, payload) => seen.push([type, payload]))
  if (options.start ?? true) service.start()

  return {
    name,
    world,
    platform,
    client,
    service,
    apiAuth,
    authStore,
    notices,
    navigations,
    seen,
    browser,
    async signIn(account = learner) {
      const { token } = await world.backend.context.tokens.signAccessToken({
        sub: account.id,
        email: account.email,
        session_id: `auth-${name}`,
        app_metadata: { provider: 'email', providers: ['email'] },
        user_metadata: {},
        amr: [],
      })
      apiAuth.token = token
      apiAuth.userId = account.id
      authStore.setState({ status: 'authenticated', user: { id: account.id, email: account.email } })
    },
    async signOut() {
      await Promise.all([...hooks].map((hook) => hook()))
      apiAuth.token = null
      apiAuth.userId = null
      authStore.setState({ status: 'unauthenticated', user: null })
    },
    dispose() {
      service.dispose()
      client.dispose()
    },
  }
}

/**
 * Lets what is under way finish without moving simulated time. The in-process backend answers
 * within the microtask queue, so one tickAsync(0) (a real turn of the event loop, then the timers
 * due now, each followed by another) sees every request through, with the follow-ups its answer
 * starts. Throws if one is still in flight then: it waits on something only moving the clock would
 * bring (a latency fault).
 */
export async function settle(world: DeviceWorld): Promise<void> {
  await world.clock.tickAsync(0)
  expectNothingInFlight(world, 'settle')
}

/**
 * Moves simulated time forward in steps of `stepMs`. tickAsync lets promise chains run after each
 * timer it fires, so each step ends with the requests its timers sent answered.
 */
export async function advance(world: DeviceWorld, totalMs: number, stepMs = totalMs): Promise<void> {
  for (let done = 0; done < totalMs; done += stepMs) {
    await world.clock.tickAsync(Math.min(stepMs, totalMs - done))
    expectNothingInFlight(world, 'advance')
  }
}

function expectNothingInFlight(world: DeviceWorld, caller: string): void {
  const left = world.inFlight()
  if (left > 0) throw new Error(`${caller}: ${left} request(s) still in flight`)
}
