import type { AccessTokenClaims } from '../tokens.ts'
import type { AuthSession, AuthSessionStore } from './sessions.ts'

/**
 * The Supabase Auth session an access token belongs to, as GoTrue checks it on every authenticated
 * request: `false` when the session was ended (logout, a new password, the platform's logout) or is
 * another user's, so a signed-out token stops working on /auth/v1 and the platform API alike; `null`
 * for a token that names no session (GoTrue accepts those: there is nothing to have ended).
 */
export function sessionOfToken(sessions: AuthSessionStore, claims: AccessTokenClaims): AuthSession | null | false {
  if (!claims.session_id) return null
  const session = sessions.get(claims.session_id)
  return session !== undefined && session.userId === claims.sub ? session : false
}
