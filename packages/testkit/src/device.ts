import {
  type CourseClient,
  type CourseClientOptions,
  createCourseClient,
  type FetchLike,
  type MemoryPlatform,
  type MemoryPlatformOptions,
  memoryPlatform,
  type Navigation,
  type Notice,
  type Platform,
} from '@coursekit/core'
import {
  APP_ORIGIN,
  createMemoryBroadcast,
  createMemoryLocks,
  createMemoryStorage,
  type SimulatedClock,
} from '@coursekit/core/testing'
import { demoAccounts, type MockBackend } from '@coursekit/mock-server'
import { accessToken, TestApiAuth } from './signed-in.ts'
import type { RecordedRequest, World } from './world.ts'

/** What tabs of one browser share. Platform options: a tab is `world.device('tab', { ...first.browser })`. */
export type BrowserShare = Required<Pick<MemoryPlatformOptions, 'sharedStorage' | 'sharedBroadcast' | 'sharedLocks'>>

export function createBrowserShare(): BrowserShare {
  return {
    sharedStorage: createMemoryStorage(),
    sharedBroadcast: createMemoryBroadcast(),
    sharedLocks: createMemoryLocks(),
  }
}

export interface DeviceOptions extends MemoryPlatformOptions {
  /** Its requests are recorded under this name. Default 'device'. */
  name?: string
  /** Over the client's defaults: the world's backend for the API and Supabase Auth, its clock, the device's fetch. */
  client?: Partial<CourseClientOptions>
  /** Puts something between this device and the backend (a recorder, a proxy that rewrites an answer). */
  wrapFetch?: (fetch: FetchLike) => FetchLike
  /** The platform the client runs on, made from the memory one (e.g. a desktop platform over it). */
  platformFor?: (memory: MemoryPlatform) => Platform
  /**
   * A client with no auth service: the API client's auth is a TestApiAuth set by hand
   * (`signInByHand`), for tests of what the API client does with a token.
   */
  handAuth?: boolean
}

/** A client as one browser tab: its own memory platform, the world's backend and clock. */
export interface Device {
  name: string
  clock: SimulatedClock
  /** The world's mock backend. */
  backend: MockBackend
  platform: MemoryPlatform
  client: CourseClient
  /** The device's way to the backend: `fetch` if given (the global one, for msw), else the world's, recorded. */
  fetch: FetchLike
  /** What it shares with the other tabs of its browser. */
  browser: BrowserShare
  /** Its requests, as in the world's. */
  requests: RecordedRequest[]
  notices: Notice[]
  navigations: Navigation[]
  /** Starts the client and signs in with a password (inside act), then waits until the world is idle. */
  signIn(email: string, password: string): Promise<void>
}

/** A device whose client has no auth service: its API client's auth is set by hand. */
export interface HandAuthDevice extends Device {
  /** The API client's auth: a token and a user, or nobody; counts refreshes and logouts. */
  auth: TestApiAuth
  api: CourseClient['api']
  /** The token signInByHand last signed (null before it has). */
  readonly token: string | null
  /** Signs a token the backend accepts for `account` (default the demo learner), sets it, and returns it. */
  signInByHand(account?: { id: string; email: string }): Promise<string>
}

interface WorldSettings {
  act: (work: () => Promise<void>) => Promise<void>
  userAgent?: string | undefined
  /** The way to the backend of a device that brings none (msw's), else the world's recorded fetch. */
  fetch?: FetchLike | undefined
}

/** world.device(): the settings are the world's options. */
export function createWorldDevice(
  world: World,
  { act, userAgent, fetch: worldFetch }: WorldSettings,
  options: DeviceOptions,
): Device | HandAuthDevice {
  const { name = 'device', client: clientOptions, wrapFetch, platformFor, handAuth, ...platformOptions } = options
  const { clock, backend } = world
  const fresh = createBrowserShare()
  const browser: BrowserShare = {
    sharedStorage: platformOptions.sharedStorage ?? fresh.sharedStorage,
    sharedBroadcast: platformOptions.sharedBroadcast ?? fresh.sharedBroadcast,
    sharedLocks: platformOptions.sharedLocks ?? fresh.sharedLocks,
  }
  const requests: RecordedRequest[] = []
  const to = platformOptions.fetch ?? worldFetch ?? world.fetchFor(name, requests)
  const fetch = wrapFetch ? wrapFetch(to) : to
  const platform = memoryPlatform({ url: `${APP_ORIGIN}/`, userAgent, ...platformOptions, ...browser, fetch })
  const auth = handAuth ? new TestApiAuth() : undefined
  const client = createCourseClient({
    apiBaseUrl: backend.url,
    supabaseUrl: auth ? undefined : backend.url,
    supabaseAnonKey: auth ? undefined : backend.anonKey,
    platform: platformFor ? platformFor(platform) : platform,
    clock,
    fetch,
    ...clientOptions,
    ...(auth && { apiAuth: auth }),
  })
  const notices: Notice[] = []
  const navigations: Navigation[] = []
  client.events.on('notice', (notice) => notices.push(notice))
  client.events.on('navigate', (navigation) => navigations.push(navigation))
  const device: Device = {
    name,
    clock,
    backend,
    platform,
    client,
    fetch,
    browser,
    requests,
    notices,
    navigations,
    async signIn(email, password) {
      await act(async () => {
        client.start()
        const result = await client.auth!.signInWithPassword(email, password)
        if (result.status !== 'signed-in') throw new Error(`sign-in failed: ${result.status}`)
      })
      await world.idle()
    },
  }
  if (!auth) return device
  let signed: string | null = null
  return {
    ...device,
    auth,
    api: client.api,
    get token() {
      return signed
    },
    async signInByHand(account = demoAccounts.learner) {
      signed = await accessToken(backend, account)
      auth.token = signed
      auth.userId = account.id
      return signed
    },
  }
}
