/**
 * Test-only (not exported): devices (and tabs of one browser) of the testkit's world, each running
 * the device service over a hand-driven AuthForServices, with an ApiAuthPort holding a real token
 * from the backend. The service is built here, from the core's own modules, as a unit under test.
 */
import { demoAccounts } from '@coursekit/mock-server'
import {
  accessToken,
  type BrowserShare,
  createBrowserShare,
  type RecordedRequest,
  TestApiAuth,
  type World,
} from '@coursekit/testkit'
import type { ApiClient } from '../api/api-client-types.ts'
import { createApiUrls } from '../api/api-urls.ts'
import type { CourseClient } from '../client.ts'
import type { AuthForServices, AuthForServicesState } from '../kernel/auth-for-services.ts'
import type { Navigation, Notice } from '../kernel/emitter.ts'
import type { FetchLike } from '../kernel/ports.ts'
import { createStore, type Store } from '../kernel/store.ts'
import type { MemoryPlatform } from '../platform/memory-platform.ts'
import { createQueries, type Queries } from '../queries/queries.ts'
import { APP_ORIGIN } from '../testing/index.ts'
import type { DeviceSessionEvents } from './device-public-types.ts'
import { createDeviceSessionService, type DeviceSessionService } from './device-service.ts'

export { HOUR, MINUTE } from '../kernel/time-units.ts'
export { type BrowserShare, createBrowserShare, type RecordedRequest }

export interface Account {
  id: string
  email: string
}

export const learner: Account = { id: demoAccounts.learner.id, email: demoAccounts.learner.email }
export const otherLearner: Account = { id: demoAccounts.incomplete.id, email: demoAccounts.incomplete.email }

/** World options for device tests: week-long tokens, so a signed-in device never needs a refresh. */
export const weekLongTokens = { jwtExpirySeconds: 7 * 24 * 3600 } as const

const TRACKER = '/api/v2/session-tracker'

/** Requests to a session-tracker route (`''` is registration, `'heartbeat'`, `'watch'`, ...), optionally of one device. */
export function tracker(world: World, route: string, device?: string): RecordedRequest[] {
  const path = route === '' ? TRACKER : `${TRACKER}/${route}`
  return world.requests.filter((r) => r.path === path && (device === undefined || r.device === device))
}

export interface TestDevice {
  name: string
  world: World
  platform: MemoryPlatform
  client: CourseClient
  service: DeviceSessionService
  /** The content reads the service caches the device list in (signed in and out with `authStore`). */
  queries: Queries
  apiAuth: TestApiAuth
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
  /** Makes the service (e.g. from a fresh copy of device-service.ts whose engine is not loaded yet). */
  createService?: typeof createDeviceSessionService
}

export function createTestDevice(world: World, name: string, options: TestDeviceOptions = {}): TestDevice {
  const apiAuth = new TestApiAuth()
  const { platform, client, browser, notices, navigations } = world.device({
    name,
    url: options.url ?? `${APP_ORIGIN}/courses`,
    userAgent: options.userAgent ?? `test-browser (${name})`,
    deliverBeacons: true,
    ...options.browser,
    wrapFetch: options.wrapFetch,
    client: { supabaseUrl: undefined, supabaseAnonKey: undefined, apiAuth, navigation: 'manual' },
  })
  const authStore = createStore<AuthForServicesState>({ status: 'unauthenticated', user: null })
  const hooks = new Set<() => Promise<void>>()
  const auth: AuthForServices = {
    store: authStore,
    onBeforeSignOut(hook) {
      hooks.add(hook)
      return () => hooks.delete(hook)
    },
  }
  const api = options.wrapApi ? options.wrapApi(client.api) : client.api
  const queries = createQueries({ api, clock: world.clock, lifecycle: platform.lifecycle, account: authStore })
  const service = (options.createService ?? createDeviceSessionService)({
    api,
    queries,
    platform,
    clock: world.clock,
    events: client.events,
    auth,
    urls: createApiUrls(world.backend.url),
    accessToken: () => apiAuth.token,
    generateId: options.generateId,
    route: client.route,
  })
  apiAuth.isVideoPlaying = () => service.isWatching()
  const seen: TestDevice['seen'] = []
  service.events.on('*', (type, payload) => seen.push([type, payload]))
  if (options.start ?? true) service.start()

  return {
    name,
    world,
    platform,
    client,
    service,
    queries,
    apiAuth,
    authStore,
    notices,
    navigations,
    seen,
    browser,
    async signIn(account = learner) {
      apiAuth.token = await accessToken(world.backend, account, `auth-${name}`)
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
      queries.dispose()
      client.dispose()
    },
  }
}
