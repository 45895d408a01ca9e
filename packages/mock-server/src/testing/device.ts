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
import { APP_ORIGIN, createMemoryBroadcast, createMemoryLocks, createMemoryStorage } from '@coursekit/core/testing'
import type { RecordedRequest, TestWorld } from './world.ts'

/** What tabs of one browser share. Platform options: a tab is `world.device({ ...first.browser })`. */
export type BrowserShare = Required<Pick<MemoryPlatformOptions, 'sharedStorage' | 'sharedBroadcast' | 'sharedLocks'>>

export function createBrowserShare(): BrowserShare {
  return {
    sharedStorage: createMemoryStorage(),
    sharedBroadcast: createMemoryBroadcast(),
    sharedLocks: createMemoryLocks(),
  }
}

export interface TestDeviceOptions extends MemoryPlatformOptions {
  /** Its requests are recorded under this name. Default 'device'. */
  name?: string
  /** Over the client's defaults: the world's backend for the API and Supabase Auth, its clock, the device's fetch. */
  client?: Partial<CourseClientOptions>
  /** Puts something between this device and the backend (a recorder, a proxy that rewrites an answer). */
  wrapFetch?: (fetch: FetchLike) => FetchLike
  /** The platform the client runs on, made from the memory one (e.g. a desktop platform over it). */
  platformFor?: (memory: MemoryPlatform) => Platform
}

/** A client as one browser tab: its own memory platform, the world's backend and clock. */
export interface TestDevice {
  name: string
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

/** world.device(): `act` and `userAgent` are the world's options. */
export function createWorldDevice(
  world: TestWorld,
  { act, userAgent }: { act: (work: () => Promise<void>) => Promise<void>; userAgent?: string },
  options: TestDeviceOptions,
): TestDevice {
  const { name = 'device', client: clientOptions, wrapFetch, platformFor, ...platformOptions } = options
  const { clock, backend } = world
  const fresh = createBrowserShare()
  const browser: BrowserShare = {
    sharedStorage: platformOptions.sharedStorage ?? fresh.sharedStorage,
    sharedBroadcast: platformOptions.sharedBroadcast ?? fresh.sharedBroadcast,
    sharedLocks: platformOptions.sharedLocks ?? fresh.sharedLocks,
  }
  const requests: RecordedRequest[] = []
  const to = platformOptions.fetch ?? world.fetchFor(name, requests)
  const fetch = wrapFetch ? wrapFetch(to) : to
  const platform = memoryPlatform({ url: `${APP_ORIGIN}/`, userAgent, ...platformOptions, ...browser, fetch })
  const client = createCourseClient({
    apiBaseUrl: backend.url,
    supabaseUrl: backend.url,
    supabaseAnonKey: backend.anonKey,
    platform: platformFor ? platformFor(platform) : platform,
    clock,
    fetch,
    ...clientOptions,
  })
  const notices: Notice[] = []
  const navigations: Navigation[] = []
  client.events.on('notice', (notice) => notices.push(notice))
  client.events.on('navigate', (navigation) => navigations.push(navigation))
  return {
    name,
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
}
