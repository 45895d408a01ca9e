import {
  type CourseClient,
  type CourseClientOptions,
  createCourseClient,
  type FetchLike,
  type MemoryPlatform,
  type MemoryPlatformOptions,
  MINUTE,
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
  createSimulatedClock,
  type SimulatedClock,
} from '@coursekit/core/testing'
import { createMockBackend, type MockBackend } from '../backend.ts'
import type { MockBackendOptions } from '../options.ts'

export interface TestWorldOptions extends Omit<MockBackendOptions, 'clock'> {
  /** Where the simulated clock starts. Default SIMULATED_CLOCK_START_MS. */
  clockStart?: number
  /** Runs each step of idle() and advance(), e.g. React's act(). */
  act?: (work: () => Promise<void>) => Promise<void>
  /** Every device's User-Agent unless it gives its own. Default: the memory platform's. */
  userAgent?: string
}

export interface RecordedRequest {
  /** The name of the device that sent it. */
  device: string
  method: string
  /** The path, without the query. */
  path: string
  /** Simulated time when it was sent. */
  at: number
  contentType: string | null
  /** The body as JSON, else as text; null without one. Read by the time the request is answered. */
  body: unknown
}

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

export interface TestWorld {
  clock: SimulatedClock
  /** The mock backend, with its controls: faults, mailbox, context (users, devices, tokens). */
  backend: MockBackend
  /** Every request of every device, in the order sent. */
  requests: RecordedRequest[]
  /** Requests with this method to a path ending in `suffix`, e.g. `/session-tracker/heartbeat`. */
  requestsTo(method: string, suffix: string): RecordedRequest[]
  /** Requests sent and not yet answered. */
  inFlight(): number
  /** A fetch to the backend, in process, recording each request as sent by `device` (also into `own`). */
  fetchFor(device: string, own?: RecordedRequest[]): FetchLike
  /**
   * Waits, without moving the clock, until no request is on its way, running what is due now
   * (tickAsync(0)) after it. The backend answers in process but signs tokens off the main thread:
   * waiting for what is in flight rather than counting turns keeps that an observation.
   */
  idle(): Promise<void>
  /** Moves the clock by `ms` in steps of at most `step` (default a minute), idling after each. */
  advance(ms: number, step?: number): Promise<void>
  device(options?: TestDeviceOptions): TestDevice
}

/** One simulated clock, one in-process mock backend on it, and clients of it as devices. */
export async function createTestWorld(options: TestWorldOptions = {}): Promise<TestWorld> {
  const { clockStart, act = (work) => work(), userAgent, ...backendOptions } = options
  const clock = createSimulatedClock(clockStart)
  const backend = await createMockBackend({ ...backendOptions, clock })
  const requests: RecordedRequest[] = []
  const inFlight = new Set<Promise<unknown>>()
  const track = (work: Promise<unknown>) => {
    const tracked: Promise<unknown> = work.then(
      () => inFlight.delete(tracked),
      () => inFlight.delete(tracked),
    )
    inFlight.add(tracked)
  }

  const fetchFor = (device: string, own?: RecordedRequest[]): FetchLike => {
    return (input, init) => {
      const request = new Request(input, init)
      const { method, url, headers } = request
      const at = clock.now()
      const contentType = headers.get('content-type')
      const recorded: RecordedRequest = { device, method, path: new URL(url).pathname, at, contentType, body: null }
      requests.push(recorded)
      own?.push(recorded)
      if (request.body !== null)
        track(
          request
            .clone()
            .text()
            .then((text) => (recorded.body = parseBody(text))),
        )
      const answer = backend.fetch(request)
      track(answer)
      return answer
    }
  }

  const world: TestWorld = {
    clock,
    backend,
    requests,
    requestsTo: (method, suffix) => requests.filter((r) => r.method === method && r.path.endsWith(suffix)),
    inFlight: () => inFlight.size,
    fetchFor,
    idle: () =>
      act(async () => {
        for (let round = 0; round < 100; round++) {
          if (inFlight.size > 0) await Promise.allSettled([...inFlight])
          await clock.tickAsync(0)
          if (inFlight.size === 0) return
        }
        throw new Error('requests never settled')
      }),
    async advance(ms, step = MINUTE) {
      for (let left = ms; left > 0; left -= step) {
        await act(() => clock.tickAsync(Math.min(step, left)))
        await world.idle()
      }
    },
    device(deviceOptions = {}) {
      const { name = 'device', client: clientOptions, wrapFetch, platformFor, ...platformOptions } = deviceOptions
      const { sharedStorage, sharedBroadcast, sharedLocks } = platformOptions
      const fresh = createBrowserShare()
      const browser: BrowserShare = {
        sharedStorage: sharedStorage ?? fresh.sharedStorage,
        sharedBroadcast: sharedBroadcast ?? fresh.sharedBroadcast,
        sharedLocks: sharedLocks ?? fresh.sharedLocks,
      }
      const own: RecordedRequest[] = []
      const to = platformOptions.fetch ?? fetchFor(name, own)
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
        requests: own,
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
    },
  }
  return world
}

function parseBody(text: string): unknown {
  if (text === '') return null
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}
