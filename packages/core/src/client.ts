import type { SupabaseClient } from '@supabase/supabase-js'
import { type ApiClient, createApiClient } from './api-client.ts'
import type { AuthSource } from './auth-source.ts'
import { type Clock, systemClock } from './clock.ts'
import { type ClientEvents, createEmitter, type EventEmitter } from './emitter.ts'
import type { FetchLike, Platform } from './ports.ts'
import { tokenStoreAuthSource } from './token-store-auth-source.ts'

export interface CourseClientOptions {
  /** The platform API's base URL, e.g. https://api.example.com (a path prefix is allowed). */
  apiBaseUrl: string
  /** Supabase Auth, for the auth service: a URL and anon key, or a client you already have. */
  supabaseUrl?: string
  supabaseAnonKey?: string
  supabase?: SupabaseClient
  platform: Platform
  /** Default: the system clock. Pass a simulated clock to drive time in tests and simulations. */
  clock?: Clock
  /** Overrides the platform's transport (e.g. a mock backend's in-process fetch). */
  fetch?: FetchLike
  /** Who is signed in. Default: the platform's token store alone (no refresh). */
  authSource?: AuthSource
  /**
   * `platform` (default): `navigate` events move the platform's navigator after their delay.
   * `manual`: the client only emits them; a router listens and moves.
   */
  navigation?: 'platform' | 'manual'
  /** Default for every request: replay an idempotent request once after a successful token refresh. */
  retryOnRefresh?: boolean
  /** Overrides the User-Agent header (default: the platform's, where the platform lets the client set it). */
  userAgent?: string
}

export interface CourseClientConfig {
  readonly apiBaseUrl: string
  readonly supabaseUrl: string | null
  readonly supabaseAnonKey: string | null
  readonly supabase: SupabaseClient | null
}

export interface CourseClient {
  readonly api: ApiClient
  /** Client-wide events: `notice` (toasts) and `navigate`. */
  readonly events: EventEmitter<ClientEvents>
  readonly platform: Platform
  readonly clock: Clock
  readonly config: CourseClientConfig
  /** Starts background work (services' timers and listeners). Idempotent. */
  start(): void
  /** Stops everything this client started: requests in flight end, timers clear, listeners go. */
  dispose(): void
  readonly status: 'idle' | 'started' | 'disposed'
}

/**
 * One client per app (or per simulated device). Everything it owns (timers, caches, flags,
 * listeners) lives in this instance, so hundreds can run side by side in one process.
 */
export function createCourseClient(options: CourseClientOptions): CourseClient {
  const { platform } = options
  const clock = options.clock ?? systemClock
  const events = createEmitter<ClientEvents>()
  const lifetime = new AbortController()
  const authSource = options.authSource ?? tokenStoreAuthSource(platform.tokenStore)
  const pendingNavigations = new Set<unknown>()
  let status: CourseClient['status'] = 'idle'

  const api = createApiClient({
    apiBaseUrl: options.apiBaseUrl,
    fetch: options.fetch ?? platform.fetch,
    clock,
    auth: () => authSource,
    events,
    location: platform.location,
    userAgent: options.userAgent ?? (platform.sendsUserAgentHeader ? platform.userAgent() : null),
    retryOnRefresh: options.retryOnRefresh,
    lifetime: lifetime.signal,
  })

  if ((options.navigation ?? 'platform') === 'platform') {
    events.on('navigate', ({ to, replace, delayMs }) => {
      if (delayMs <= 0) {
        platform.navigator.navigate(to, { replace })
        return
      }
      const handle = clock.setTimeout(() => {
        pendingNavigations.delete(handle)
        platform.navigator.navigate(to, { replace })
      }, delayMs)
      pendingNavigations.add(handle)
    })
  }

  return {
    api,
    events,
    platform,
    clock,
    config: Object.freeze({
      apiBaseUrl: options.apiBaseUrl,
      supabaseUrl: options.supabaseUrl ?? null,
      supabaseAnonKey: options.supabaseAnonKey ?? null,
      supabase: options.supabase ?? null,
    }),
    start() {
      if (status !== 'idle') return
      status = 'started'
    },
    dispose() {
      if (status === 'disposed') return
      status = 'disposed'
      lifetime.abort(new DOMException('The client was disposed', 'AbortError'))
      for (const handle of pendingNavigations) clock.clearTimeout(handle)
      pendingNavigations.clear()
      events.all.clear()
    },
    get status() {
      return status
    },
  }
}
