import type { Context } from 'hono'
import { decodeJwt } from 'jose'
import type { BackendContext } from '../context.ts'
import { bearerToken } from '../http.ts'
import type { AccessTokenClaims } from '../tokens.ts'
import type { AuthUser } from '../users.ts'
import { AuthError } from './errors.ts'
import type { AuthSession } from './sessions.ts'
import { sessionOfToken } from './token-session.ts'

export interface Authenticated {
  claims: AccessTokenClaims
  user: AuthUser
  /** Null for a token without a session_id claim. */
  session: AuthSession | null
}

/**
 * GoTrue's requireAuthentication: a missing bearer is 401 `no_authorization`; a bad or expired JWT
 * is 403 `bad_jwt`; a token whose session was ended by logout is 403 `session_not_found`, which
 * auth-js turns into AuthSessionMissingError and removes its stored session.
 */
export async function authenticate(ctx: BackendContext, c: Context): Promise<Authenticated> {
  const token = bearerToken(c)
  if (token === null) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token')
  const claims = ctx.tokens.verifyAccessToken(token)
  if (claims === null) {
    throw new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${whyInvalid(ctx, token)}`)
  }
  const user = ctx.users.auth.get(claims.sub)
  if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist')
  const session = sessionOfToken(ctx.authSessions, claims)
  if (session === false) {
    throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist')
  }
  return { claims, user, session }
}

function whyInvalid(ctx: BackendContext, token: string): string {
  try {
    const { exp } = decodeJwt(token)
    if (typeof exp === 'number' && exp <= ctx.tokens.nowSeconds()) return 'token has invalid claims: token is expired'
    return 'signature is invalid or the token is not a user token'
  } catch {
    return 'token is malformed'
  }
}
