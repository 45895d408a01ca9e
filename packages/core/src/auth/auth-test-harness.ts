/**
 * Test-only (not exported): the auth service of a real client, with the real supabase-js, against
 * an in-process mock backend, on one simulated clock shared by the client and the backend.
 */
import { createMockBackend, type MockBackend, type MockBackendOptions } from '@coursekit/mock-server'
import { type CourseClient, type CourseClientOptions, createCourseClient } from '../client.ts'
import type { Navigation, Notice } from '../kernel/emitter.ts'
import type { FetchLike, Platform } from '../kernel/ports.ts'
import type { MemoryBroadcast } from '../platform/memory-broadcast.ts'
import { type MemoryPlatform, type MemoryPlatformOptions, memoryPlatform } from '../platform/memory-platform.ts'
import { createSimulatedClock, type SimulatedClock } from '../testing/index.ts'
import type { OAuthCallbackResult } from './auth-command-results.ts'
import type { AuthEvents } from './auth-events.ts'
import type { AuthService } from './auth-service.ts'

export const APP_ORIGIN = 'https://app.coursekit.test'

import { MINUTE } from '../kernel/time-units.ts'

export { HOUR, MINUTE } from '../kernel/time-units.ts'

export interface RecordedAuthEvent {
  type: keyof AuthEvents
  payload: unknown
}

export interface World {
  clock: SimulatedClock
  backend: MockBackend
}

export async function createWorld(options: Omit<MockBackendOptions, 'clock'> = {}): Promise<World> {
  const clock = createSimulatedClock()
  const backend = await createMockBackend({ clock, ...options })
  return { clock, backend }
}

/** The consent page's one-request shortcut (mock-server README, "OAuth: the consent page"): the callback URL it sends to. */
export async function consent(h: AuthHarness, authorizeUrl: string, email: string, name?: string): Promise<string> {
  const url = new URL(authorizeUrl)
  url.pathname += '/consent'
  url.searchParams.set('email', email)
  if (name) url.searchParams.set('name', name)
  const answer = await h.backend.fetch(url, { redirect: 'manual' })
  if (answer.status !== 303) throw new Error(`the consent page answered ${answer.status}`)
  return answer.headers.get('location')!
}

/** Lands on the OAuth callback at `location` and runs it, moving the clock by `waitMs`. */
export async function callback(h: AuthHarness, location: string, waitMs = 3_000): Promise<OAuthCallbackResult> {
  h.platform.setLocation(location)
  const pending = h.auth.handleOAuthCallback()
  await h.advance(waitMs, 100)
  return pending
}

/**
 * A phone verification done as a person does it, against the backend: a code sent, read from the
 * dev SMS outbox, verified. Returns the token users/create takes with that phone.
 */
export async function verifiedPhoneToken(backend: MockBackend, phone: string): Promise<string> {
  const post = (path: string, body: unknown) =>
    backend.fetch(`${backend.url}/api/v2/phone-verification/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  await post('send', { phone })
  const code = backend.sms.for(phone).at(-1)?.code
  const answer = (await (await post('verify', { phone, code })).json()) as { verificationToken?: unknown }
  if (typeof answer.verificationToken !== 'string') throw new Error(`no verification for ${phone}`)
  return answer.verificationToken
}

export interface AuthHarness extends World {
  platform: MemoryPlatform
  client: CourseClient
  auth: AuthService
  notices: Notice[]
  navigations: Navigation[]
  authEvents: RecordedAuthEvent[]
  /** Every request the client made (platform API and /auth/v1), as "METHOD /path". */
  requests: string[]
  /**
   * Waits, without moving the clock, until no request of this client is on the way, and runs what
   * is due now (tickAsync(0)) after it. The backend answers within the microtask queue; waiting for
   * what is in flight rather than counting turns keeps that an observation, not an assumption.
   */
  idle(): Promise<void>
  /**
   * Moves the clock by `ms` in steps of at most `step`, letting requests finish after each step (a
   * code exchange started before a step is still on its way when the step's timers have run).
   */
  advance(ms: number, step?: number): Promise<void>
}

export interface HarnessOptions extends MemoryPlatformOptions {
  world?: World
  /** Wraps the in-process fetch (to record or change what goes over the wire). */
  wrapFetch?: (fetch: FetchLike) => FetchLike
  /** Replaces the memory platform (e.g. a desktop platform over it); `fetch` is still the backend's. */
  platformFor?: (memory: MemoryPlatform) => Platform
  client?: Partial<CourseClientOptions>
}

export async function createAuthHarness(options: HarnessOptions = {}): Promise<AuthHarness> {
  const { world: given, wrapFetch, platformFor, client: clientOptions, ...platformOptions } = options
  const world = given ?? (await createWorld())
  const requests: string[] = []
  const inFlight = new Set<Promise<unknown>>()
  const recording: FetchLike = (input, init) => {
    const request = new Request(input, init)
    requests.push(`${request.method} ${new URL(request.url).pathname}`)
    const answer = world.backend.fetch(request)
    const tracked: Promise<unknown> = answer.then(
      () => inFlight.delete(tracked),
      () => inFlight.delete(tracked),
    )
    inFlight.add(tracked)
    return answer
  }
  const idle = async () => {
    for (let round = 0; round < 100; round++) {
      if (inFlight.size > 0) await Promise.allSettled([...inFlight])
      await world.clock.tickAsync(0)
      if (inFlight.size === 0) return
    }
    throw new Error('requests never settled')
  }
  const advance = async (ms: number, step = MINUTE) => {
    for (let left = ms; left > 0; left -= step) {
      await world.clock.tickAsync(Math.min(step, left))
      await idle()
    }
  }
  const fetch = wrapFetch ? wrapFetch(recording) : recording
  const platform = memoryPlatform({ url: `${APP_ORIGIN}/`, ...platformOptions, fetch })
  const client = createCourseClient({
    apiBaseUrl: world.backend.url,
    supabaseUrl: world.backend.url,
    supabaseAnonKey: world.backend.anonKey,
    platform: platformFor ? platformFor(platform) : platform,
    clock: world.clock,
    fetch,
    ...clientOptions,
  })
  const auth = client.auth!
  const notices: Notice[] = []
  const navigations: Navigation[] = []
  const authEvents: RecordedAuthEvent[] = []
  client.events.on('notice', (notice) => notices.push(notice))
  client.events.on('navigate', (navigation) => navigations.push(navigation))
  auth.events.on('*', (type, payload) => authEvents.push({ type, payload }))
  return { ...world, platform, client, auth, notices, navigations, authEvents, requests, idle, advance }
}

/** Tabs of one browser: platforms sharing an in-memory broadcast (each with its own storage here). */
export function tabOptions(broadcast: MemoryBroadcast, world: World): HarnessOptions {
  return { world, sharedBroadcast: broadcast }
}

/** The next page load of the same browser: the client is disposed; storage, session storage and cookies carry over. */
export async function reload(h: AuthHarness, options: HarnessOptions = {}): Promise<AuthHarness> {
  h.client.dispose()
  const cookies = Object.fromEntries([...h.platform.cookieJar].map(([name, cookie]) => [name, cookie.value]))
  return createAuthHarness({
    world: { clock: h.clock, backend: h.backend },
    url: h.platform.location.current().href,
    storage: h.platform.storage.entries(),
    sessionStorage: h.platform.sessionStorage.entries(),
    cookies,
    ...options,
  })
}
