import type { SupportedStorage } from '@supabase/auth-js'
import type { KeyValueStorage } from '../../kernel/ports.ts'

export interface StoredTokens {
  accessToken: string
  refreshToken: string
}

export interface SupabaseSessionStorage extends SupportedStorage {
  /**
   * The tokens of the session stored now, read from the stored text (parsed once per stored value,
   * with the expiry rewrite), so a refresh need not ask supabase-js for its whole session first.
   * Null when none is stored; undefined when this cannot vouch for what supabase-js would read: the
   * expiry is not hidden (supabase-js may refresh on reading), or the value is not a session.
   */
  storedTokens(): StoredTokens | null | undefined
}

interface StoredRead {
  stored: string
  shown: string
  tokens: StoredTokens | undefined
}

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
  options: {
    sessionKey: string
    hideExpiry: boolean
    /**
     * How far the client's clock is off the auth server's (see ServerClock). supabase-js compares
     * the server's `expires_at` with `Date.now()`: on a PC whose clock is ahead, every fresh token
     * looks spent and it would refresh at every 30 s tick. So while an offset is known the expiry
     * is hidden on the system clock too, and the auth service's timer, which allows for the offset,
     * is the only one to refresh.
     */
    clockOffset?: () => number
  },
): SupabaseSessionStorage {
  const hidden = () => options.hideExpiry || (options.clockOffset?.() ?? 0) !== 0
  // supabase-js reads its session up to four times per refresh: the reading is kept for the last value read.
  let read: StoredRead | null = null
  const readStored = (value: string): StoredRead => {
    if (read?.stored !== value) read = readSession(value)
    return read
  }
  return {
    getItem(key) {
      const value = storage.get(key)
      if (value === null || key !== options.sessionKey || !hidden()) return value
      return readStored(value).shown
    },
    setItem(key, value) {
      storage.set(key, value)
    },
    removeItem(key) {
      storage.remove(key)
    },
    storedTokens() {
      if (!hidden()) return undefined
      const value = storage.get(options.sessionKey)
      return value === null ? null : readStored(value).tokens
    },
  }
}

function readSession(stored: string): StoredRead {
  let session: unknown
  try {
    session = JSON.parse(stored)
  } catch {
    return { stored, shown: stored, tokens: undefined }
  }
  if (typeof session !== 'object' || session === null) return { stored, shown: stored, tokens: undefined }
  const { access_token: accessToken, refresh_token: refreshToken } = session as Record<string, unknown>
  const tokens =
    typeof accessToken === 'string' && typeof refreshToken === 'string' ? { accessToken, refreshToken } : undefined
  if (!('expires_at' in session)) return { stored, shown: stored, tokens }
  return { stored, shown: withoutExpiry(stored) ?? JSON.stringify({ ...session, expires_at: null }), tokens }
}

/**
 * The stored text with its top-level `expires_at` set to null, by editing the text: serialising the
 * session again costs as much as parsing it. Null when the key is not where JSON.stringify puts it
 * (once, at the top level, with a number), and then the caller serialises.
 */
function withoutExpiry(text: string): string | null {
  const key = '"expires_at":'
  const at = text.indexOf(key)
  if (at === -1 || text.indexOf(key, at + key.length) !== -1 || depthAt(text, at) !== 1) return null
  const from = at + key.length
  let to = from
  while (to < text.length && '-+.0123456789eE'.includes(text[to]!)) to++
  if (to === from || (text[to] !== ',' && text[to] !== '}')) return null
  return `${text.slice(0, from)}null${text.slice(to)}`
}

/** How deep in objects and arrays `index` of JSON text is, strings skipped. */
function depthAt(text: string, index: number): number {
  let depth = 0
  let inString = false
  for (let i = 0; i < index; i++) {
    const code = text.charCodeAt(i)
    if (inString) {
      if (code === 92) i++
      else if (code === 34) inString = false
    } else if (code === 34) inString = true
    else if (code === 123 || code === 91) depth++
    else if (code === 125 || code === 93) depth--
  }
  return inString ? -1 : depth
}
