import type { BackendContext } from '../context.ts'
import type { AuthProvider, AuthUser } from '../users.ts'
import type { AuthMethod, AuthSession } from './sessions.ts'
import { appMetadata, type GoTrueUser, toGoTrueUser } from './user-json.ts'

/** GoTrue's AccessTokenResponse. auth-js keeps no session unless access_token, refresh_token and expires_in are all set. */
export interface SessionResponse {
  access_token: string
  token_type: 'bearer'
  expires_in: number
  expires_at: number
  refresh_token: string
  user: GoTrueUser
  provider_token?: string
}

/** Signs the user in: a new session, its first tokens, and last_sign_in_at on the user and the identity used. */
export async function startSession(
  ctx: BackendContext,
  user: AuthUser,
  method: AuthMethod,
  provider: AuthProvider,
): Promise<SessionResponse> {
  const now = ctx.clock.now()
  user.lastSignInAt = now
  for (const identity of user.identities) if (identity.provider === provider) identity.lastSignInAt = now
  const { session, refreshToken } = ctx.authSessions.start(user.id, method)
  return sessionResponse(ctx, user, session, refreshToken)
}

/** The token response for a session: a fresh access token signed with the user's current data. */
export async function sessionResponse(
  ctx: BackendContext,
  user: AuthUser,
  session: AuthSession,
  refreshToken: string,
): Promise<SessionResponse> {
  const { token, exp, iat } = await ctx.tokens.signAccessToken({
    sub: user.id,
    email: user.email,
    session_id: session.id,
    app_metadata: appMetadata(user),
    user_metadata: user.userMetadata,
    amr: session.amr,
  })
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: exp - iat,
    expires_at: exp,
    refresh_token: refreshToken,
    user: toGoTrueUser(user),
  }
}

/** The implicit flow's redirect fragment: GoTrue's AccessTokenResponse.AsRedirectURL. */
export function sessionFragment(body: SessionResponse, extra: Record<string, string>): Record<string, string> {
  return {
    access_token: body.access_token,
    expires_at: String(body.expires_at),
    expires_in: String(body.expires_in),
    refresh_token: body.refresh_token,
    token_type: body.token_type,
    ...extra,
    sb: '',
  }
}
