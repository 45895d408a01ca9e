import type { GoTrueClient } from '@supabase/auth-js'
import { decodeJwtClaims } from '../../kernel/jwt-claims.ts'
import type { AuthSessionStorage, FetchLike, KeyValueStorage } from '../../kernel/ports.ts'
import { storageKeys } from '../../kernel/storage-keys.ts'
import { localAuthSessionStorage } from '../auth-session-storage.ts'
import { storedClockOffset } from '../server-clock.ts'
import { createRefreshRequest, type RefreshAnswer } from './supabase-refresh-request.ts'
import { type StoredTokens, supabaseStorage } from './supabase-storage.ts'

/** What the auth service uses of Supabase: the auth client (a supabase-js client's `auth`). */
export type SupabaseAuth = GoTrueClient

/** A supabase-js client, or anything else that carries an auth client the same way. */
export interface SupabaseAuthHost {
  readonly auth: SupabaseAuth
}

/** What the core does with the session of an auth client it made, without going through the client. */
export interface SupabaseSessionAccess {
  /** See SupabaseSessionStorage.storedTokens. */
  storedTokens(): StoredTokens | null | undefined
  /** Reads the session's store again (another window of the desktop app may have refreshed). */
  reloadStored(): Promise<void>
  /** One refresh request, never retried here; a new session is stored where the client reads it, unless signed out meanwhile (see createRefreshRequest). */
  refreshOnce(refreshToken: string): Promise<RefreshAnswer>
  /** The auth server's session stored now: its access token's `session_id` claim (no secret); undefined for none. */
  storedSessionId(): unknown
  /** Removes the stored session as supabase-js's local sign-out does, without its call to the server. */
  forgetStored(): void
}

/** The auth client the core made, and its session reached directly. */
export interface MadeSupabaseAuth extends SupabaseAuthHost, SupabaseSessionAccess {}

export interface SupabaseClientSettings {
  url: string
  anonKey: string
  /** The client's transport, so the desktop proxy and an in-process mock carry auth calls too. */
  fetch: FetchLike
  /** The platform's local storage (the measured clock offset). */
  storage: KeyValueStorage
  /** Where supabase-js keeps its session and PKCE verifier (authSessionStorageOf(platform)). Default: `storage`. */
  authStorage?: AuthSessionStorage
  /**
   * Whether supabase-js refreshes on its own. The course client says false: the auth service's
   * timer on the client's clock is the only refresher, and supabase-js never judges expiry.
   */
  autoRefreshToken: boolean
}

/**
 * Makes the Supabase auth client the way the core needs it: PKCE, the session in the platform's
 * auth session storage (local storage, or the desktop wrapper's native store) under a stable key, no URL sniffing (the callback handler reads the URL through the location
 * port), and no work until the auth service starts (`skipAutoInitialize`).
 *
 * It is `@supabase/auth-js`'s client, the one a supabase-js client carries as `auth`, made with the
 * settings `createClient` would give it: the core uses nothing else of supabase-js, and the rest
 * (database, storage, realtime, functions) is more than half of its weight in an app's bundle and
 * of its memory in a simulation of thousands of devices.
 *
 * It is imported when this runs, not when the core is imported, because loading it reads browser
 * globals (`window`, `navigator`, `document`); a client without auth never loads it.
 */
export async function createSupabaseClient(settings: SupabaseClientSettings): Promise<MadeSupabaseAuth> {
  const { AuthClient } = await import('@supabase/auth-js')
  const base = new URL(settings.url.endsWith('/') ? settings.url : `${settings.url}/`)
  // As createClient checks it: anything else fails here, not at the first request.
  if (base.protocol !== 'http:' && base.protocol !== 'https:') {
    throw new TypeError(`Invalid supabaseUrl: must be an HTTP or HTTPS URL, got ${base.protocol}`)
  }
  const authStorage = settings.authStorage ?? localAuthSessionStorage(settings.storage)
  // Read before supabase-js is made: its first read of the session is right after.
  await authStorage.load()
  const storage = supabaseStorage(authStorage, {
    sessionKey: storageKeys.supabaseAuth,
    hideExpiry: !settings.autoRefreshToken,
    clockOffset: () => storedClockOffset(settings.storage),
  })
  const authUrl = new URL('auth/v1', base).href
  const headers = { Authorization: `Bearer ${settings.anonKey}`, apikey: settings.anonKey }
  const auth = new AuthClient({
    url: authUrl,
    headers,
    fetch: settings.fetch as typeof fetch,
    flowType: 'pkce',
    storage,
    storageKey: storageKeys.supabaseAuth,
    persistSession: true,
    detectSessionInUrl: false,
    autoRefreshToken: settings.autoRefreshToken,
    skipAutoInitialize: true,
    hasCustomAuthorizationHeader: false,
  })
  const refreshOnce = createRefreshRequest({
    authUrl,
    headers,
    fetch: settings.fetch,
    save: (sessionJson) => {
      if (authStorage.get(storageKeys.supabaseAuth) === null) return false
      storage.setItem(storageKeys.supabaseAuth, sessionJson)
      return true
    },
  })
  return {
    auth,
    storedTokens: () => storage.storedTokens(),
    reloadStored: () => authStorage.load(),
    refreshOnce,
    storedSessionId() {
      const tokens = storage.storedTokens()
      return tokens ? decodeJwtClaims(tokens.accessToken)?.session_id : undefined
    },
    forgetStored: () => authStorage.remove(storageKeys.supabaseAuth),
  }
}
