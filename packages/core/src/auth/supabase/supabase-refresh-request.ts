import type { Session } from '@supabase/auth-js'
import { isHttpResponse } from '../../api/response-readers.ts'
import type { FetchLike } from '../../kernel/ports.ts'

/**
 * What one refresh request came to: the new session; `rejected` when the server refused the refresh
 * token; `unavailable` when it could not be reached or failed (network, 5xx): nothing was decided;
 * `no-session` when the stored session went away (a sign-out) while the request was on its way.
 */
export type RefreshAnswer = { session: Session } | 'rejected' | 'unavailable' | 'no-session'

export interface RefreshRequestSettings {
  /** The auth server, `${supabaseUrl}/auth/v1`. */
  authUrl: string
  /** What supabase-js sends with every request: the anon key as apikey and bearer. */
  headers: Record<string, string>
  fetch: FetchLike
  /**
   * Stores a session's JSON where supabase-js keeps its own, unless no session is stored any more
   * (then false: a sign-out removed it, and the new tokens must not bring it back).
   */
  save(sessionJson: string): boolean
}

/**
 * supabase-js's refresh request (`POST /token?grant_type=refresh_token`, as its
 * `_refreshAccessToken` sends it), sent once. supabase-js retries a failed one itself, sleeping on
 * the wall clock within a wall-clock budget, and then remembers the failure for a wall-clock minute;
 * the refresher retries on the client's clock instead, so nothing here waits.
 *
 * The session answered is stored as supabase-js stores one (its JSON under the session key), so
 * supabase-js, and the other tabs reading the same storage, go on from it; as supabase-js does, not
 * over a sign-out that happened meanwhile.
 */
export function createRefreshRequest(
  settings: RefreshRequestSettings,
): (refreshToken: string) => Promise<RefreshAnswer> {
  const url = `${settings.authUrl}/token?grant_type=refresh_token`
  const headers = {
    ...settings.headers,
    'Content-Type': 'application/json;charset=UTF-8',
    'X-Supabase-Api-Version': '2024-01-01',
  }
  return async (refreshToken) => {
    let response: Response
    let text: string
    try {
      const answered: unknown = await settings.fetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ refresh_token: refreshToken }),
      })
      // Response.error() or no Response at all is a failed fetch, not the server refusing the token.
      if (!isHttpResponse(answered)) return 'unavailable'
      response = answered
      text = await response.text()
    } catch {
      return 'unavailable'
    }
    if (!response.ok) return response.status >= 500 ? 'unavailable' : 'rejected'
    let session: Partial<Session>
    try {
      session = JSON.parse(text)
    } catch {
      // As supabase-js: an answer that is not JSON is a failed fetch, not a refusal.
      return 'unavailable'
    }
    // As supabase-js: an answer without these tokens holds no session.
    if (!session?.access_token || !session.refresh_token || !session.expires_in) return 'rejected'
    // Stored as answered: GoTrue's answer carries expires_at, which supabase-js needs of a stored session.
    return settings.save(text) ? { session: session as Session } : 'no-session'
  }
}
