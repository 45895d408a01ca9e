import type { SupportedStorage } from '@supabase/auth-js'
import type { KeyValueStorage } from './ports.ts'

/**
 * supabase-js's storage over the platform's local storage (so its session and PKCE verifier live
 * where the rest of the client's state does: a browser's localStorage, a simulation's memory).
 *
 * `hideExpiry`: supabase-js decides on its own, from `Date.now()`, whether its stored session has
 * expired, and then refreshes it, spending the refresh token. On a clock other than the system's
 * (a simulated day, tests) that view is wrong: a simulated morning behind the wall clock makes every
 * token look expired, and each call would rotate the refresh token behind the auth service's back.
 * So the session is read back with `expires_at: null`: supabase-js then never judges expiry, and
 * the auth service does, from the token's `exp` on the client's clock. What is stored is untouched.
 */
export function supabaseStorage(
  storage: KeyValueStorage,
  options: { sessionKey: string; hideExpiry: boolean },
): SupportedStorage {
  // supabase-js reads its session up to four times per refresh: the rewrite is kept for the last one read.
  let read: { stored: string; shown: string } | null = null
  return {
    getItem(key) {
      const value = storage.get(key)
      if (value === null || !options.hideExpiry || key !== options.sessionKey) return value
      if (read?.stored !== value) read = { stored: value, shown: withoutExpiry(value) }
      return read.shown
    },
    setItem(key, value) {
      storage.set(key, value)
    },
    removeItem(key) {
      storage.remove(key)
    },
  }
}

function withoutExpiry(value: string): string {
  try {
    const session: unknown = JSON.parse(value)
    if (typeof session !== 'object' || session === null || !('expires_at' in session)) return value
    return JSON.stringify({ ...session, expires_at: null })
  } catch {
    return value
  }
}
