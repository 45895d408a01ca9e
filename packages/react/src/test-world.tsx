/**
 * Test-only (not exported): real clients of the core against one in-process mock backend, all on
 * one simulated clock, rendered with @testing-library/react.
 */
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
} from '@coursekit/core'
import { createSimulatedClock, type SimulatedClock } from '@coursekit/core/testing'
import { createMockBackend, type MockBackend, type MockBackendOptions } from '@coursekit/mock-server'
import { act, type RenderResult, render } from '@testing-library/react'
import { type ReactNode, StrictMode } from 'react'
import { CourseClientProvider } from './course-client-provider.tsx'

export const APP_ORIGIN = 'https://app.coursekit.test'
export { MINUTE }

export const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
export const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'

export interface RecordedRequest {
  device: string
  method: string
  /** The path, without the query. */
  path: string
}

export interface TestWorld {
  clock: SimulatedClock
  backend: MockBackend
  requests: RecordedRequest[]
  /** Requests to a path ending in `suffix`, e.g. `session-tracker`, `/watch`. */
  requestsTo(method: string, suffix: string): RecordedRequest[]
  /**
   * Waits, inside act(), until no request of any client is on its way, without moving the clock,
   * and runs what is due now (tickAsync(0)), until nothing is. The backend answers within the
   * microtask queue; waiting for what is in flight keeps that an observation, not an assumption.
   */
  idle(): Promise<void>
  /** Moves the clock by `ms` in steps of at most `step`, letting requests finish after each. */
  advance(ms: number, step?: number): Promise<void>
  /** A fetch to the backend that records each request as made by `device`. */
  fetchFor(device: string): FetchLike
}

export async function createTestWorld(options: Omit<MockBackendOptions, 'clock'> = {}): Promise<TestWorld> {
  const clock = createSimulatedClock()
  const backend = await createMockBackend({ clock, ...options })
  const requests: RecordedRequest[] = []
  const inFlight = new Set<Promise<unknown>>()
  const world: TestWorld = {
    clock,
    backend,
    requests,
    requestsTo: (method, suffix) =>
      requests.filter((request) => request.method === method && request.path.endsWith(suffix)),
    async idle() {
      await act(async () => {
        for (let round = 0; round < 100; round++) {
          if (inFlight.size > 0) await Promise.allSettled([...inFlight])
          await clock.tickAsync(0)
          if (inFlight.size === 0) return
        }
        throw new Error('requests never settled')
      })
    },
    async advance(ms, step = MINUTE) {
      for (let left = ms; left > 0; left -= step) {
        await act(() => clock.tickAsync(Math.min(step, left)))
        await world.idle()
      }
    },
    fetchFor: (device) => (input, init) => {
      const request = new Request(input, init)
      requests.push({ device, method: request.method, path: new URL(request.url).pathname })
      const answer = backend.fetch(request)
      const tracked: Promise<unknown> = answer.then(
        () => inFlight.delete(tracked),
        () => inFlight.delete(tracked),
      )
      inFlight.add(tracked)
      return answer
    },
  }
  return world
}

export interface TestDevice {
  name: string
  client: CourseClient
  platform: MemoryPlatform
  notices: Notice[]
  navigations: Navigation[]
  /** Signs the demo account in, inside act(), and waits for the device's registration. */
  signIn(email: string, password: string): Promise<void>
}

export interface TestDeviceOptions extends MemoryPlatformOptions {
  name?: string
  client?: Partial<CourseClientOptions>
}

/** A client as one browser tab of one device: memory platform, the world's backend and clock. */
export function createTestDevice(world: TestWorld, options: TestDeviceOptions = {}): TestDevice {
  const { name = 'device', client: clientOptions, ...platformOptions } = options
  const fetch = world.fetchFor(name)
  const platform = memoryPlatform({ url: `${APP_ORIGIN}/`, userAgent: CHROME_WINDOWS, ...platformOptions, fetch })
  const client = createCourseClient({
    apiBaseUrl: world.backend.url,
    supabaseUrl: world.backend.url,
    supabaseAnonKey: world.backend.anonKey,
    platform,
    clock: world.clock,
    fetch,
    ...clientOptions,
  })
  const notices: Notice[] = []
  const navigations: Navigation[] = []
  client.events.on('notice', (notice) => notices.push(notice))
  client.events.on('navigate', (navigation) => navigations.push(navigation))
  return {
    name,
    client,
    platform,
    notices,
    navigations,
    async signIn(email, password) {
      await act(async () => {
        client.start()
        const result = await client.auth!.signInWithPassword(email, password)
        if (result.status !== 'signed-in') throw new Error(`sign-in failed: ${JSON.stringify(result)}`)
      })
      await world.idle()
    },
  }
}

/** Renders `ui` under a provider of `client` (optionally in StrictMode). */
export function renderWithClient(
  ui: ReactNode,
  client: CourseClient,
  options: { strict?: boolean } = {},
): RenderResult {
  const tree = <CourseClientProvider client={client}>{ui}</CourseClientProvider>
  return render(options.strict ? <StrictMode>{tree}</StrictMode> : tree)
}

/** Waits until the client's auth service has read the stored session. */
export async function started(client: CourseClient): Promise<void> {
  await act(async () => {
    client.start()
    await client.auth?.start()
  })
}

/**
 * For renderHook: a provider of `client`. For StrictMode pass renderHook's `reactStrictMode: true`
 * (a <StrictMode> inside the wrapper does not run mount effects twice; only one at the root does).
 */
export function providerOf(client: CourseClient) {
  // biome-ignore lint/correctness/noComponentHookFactories: renderHook's wrapper, one per client under test
  return function Wrapper(props: { children: ReactNode }): ReactNode {
    return <CourseClientProvider client={client}>{props.children}</CourseClientProvider>
  }
}
