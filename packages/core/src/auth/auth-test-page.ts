/**
 * Test-only (not exported): a page of the testkit's world with the auth service on it: a real client
 * of the world, with the real supabase-js, its requests and auth events recorded.
 */
import type { MockBackend } from '@coursekit/mock-server'
import type { Device, DeviceOptions, World } from '@coursekit/testkit'
import type { CourseClient } from '../client.ts'
import type { Navigation, Notice } from '../kernel/emitter.ts'
import type { MemoryPlatform } from '../platform/memory-platform.ts'
import type { SimulatedClock } from '../testing/index.ts'
import type { OAuthCallbackResult } from './auth-command-results.ts'
import type { AuthEvents } from './auth-events.ts'
import type { AuthService } from './auth-service.ts'
// The chunks the service loads when their commands first run (the sign-in pages' commands, a
// sign-in's last step, the OAuth callback's handler), loaded with the page: a test's clock steps
// would otherwise race the loading of their modules (a cold load under load outlasts `callback()`'s
// 3 s of steps, and the callback then waits on a clock nobody moves).
import './auth-commands.ts'
import './flows/auth-complete-sign-in.ts'
import './flows/oauth-callback.ts'

export { HOUR, MINUTE } from '../kernel/time-units.ts'
export { APP_ORIGIN } from '../testing/index.ts'

/** Every consent a sign-up asks for, given. */
export const allConsents = { terms: true, privacy: true, age14: true } as const

export interface RecordedAuthEvent {
  type: keyof AuthEvents
  payload: unknown
}

export interface AuthPage {
  world: World
  clock: SimulatedClock
  backend: MockBackend
  device: Device
  platform: MemoryPlatform
  client: CourseClient
  auth: AuthService
  notices: Notice[]
  navigations: Navigation[]
  authEvents: RecordedAuthEvent[]
  /** Every request of this client (platform API and /auth/v1), as "METHOD /path". */
  readonly requests: string[]
  /** The world's idle(): until no request is on its way, without moving the clock. */
  idle(): Promise<void>
  /** The world's advance(): the clock moved in steps, each followed by idle(). */
  advance(ms: number, step?: number): Promise<void>
}

export type AuthPageOptions = Omit<DeviceOptions, 'name' | 'fetch' | 'handAuth'>

/** A page of `world` (a device of its own browser unless the options share one) with the client's auth service. */
export function authPage(world: World, options: AuthPageOptions = {}): AuthPage {
  const device = world.device(options)
  const { client, platform, notices, navigations } = device
  const auth = client.auth!
  const authEvents: RecordedAuthEvent[] = []
  auth.events.on('*', (type, payload) => authEvents.push({ type, payload }))
  return {
    world,
    clock: world.clock,
    backend: world.backend,
    device,
    platform,
    client,
    auth,
    notices,
    navigations,
    authEvents,
    get requests() {
      return device.requests.map((request) => `${request.method} ${request.path}`)
    },
    idle: world.idle,
    advance: world.advance,
  }
}

/** The consent page's one-request shortcut (mock-server README, "OAuth: the consent page"): the callback URL it sends to. */
export async function consent(page: AuthPage, authorizeUrl: string, email: string, name?: string): Promise<string> {
  const url = new URL(authorizeUrl)
  url.pathname += '/consent'
  url.searchParams.set('email', email)
  if (name) url.searchParams.set('name', name)
  const answer = await page.backend.fetch(url, { redirect: 'manual' })
  if (answer.status !== 303) throw new Error(`the consent page answered ${answer.status}`)
  return answer.headers.get('location')!
}

/** Lands on the OAuth callback at `location` and runs it, moving the clock by `waitMs`. */
export async function callback(page: AuthPage, location: string, waitMs = 3_000): Promise<OAuthCallbackResult> {
  page.platform.setLocation(location)
  const pending = page.auth.handleOAuthCallback()
  await page.advance(waitMs, 100)
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

/** The next page load of the same browser: the client is disposed; storage, session storage and cookies carry over. */
export function reload(page: AuthPage, options: AuthPageOptions = {}): AuthPage {
  page.client.dispose()
  const cookies = Object.fromEntries([...page.platform.cookieJar].map(([name, cookie]) => [name, cookie.value]))
  return authPage(page.world, {
    url: page.platform.location.current().href,
    storage: page.platform.storage.entries(),
    sessionStorage: page.platform.sessionStorage.entries(),
    cookies,
    ...options,
  })
}
