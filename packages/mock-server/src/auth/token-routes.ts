import type { Context, Hono } from 'hono'
import type { BackendContext } from '../context.ts'
import type { BackendEnv } from '../http.ts'
import { type AuthProvider, type AuthUser, verifyPassword } from '../users.ts'
import { AuthError, invalidCredentials } from './errors.ts'
import type { FlowState } from './flow-states.ts'
import { verifierMatches } from './pkce.ts'
import { readAuthBody } from './read-body.ts'
import { PasswordGrantBody, PkceGrantBody, RefreshTokenGrantBody } from './schemas.ts'
import { type SessionResponse, sessionResponse, startSession } from './session-response.ts'

/** POST /token?grant_type=password|refresh_token|pkce. The grant type is a query parameter, as auth-js sends it. */
export function registerTokenRoutes(app: Hono<BackendEnv>, ctx: BackendContext): void {
  app.post('/token', async (c) => {
    switch (c.req.query('grant_type')) {
      case 'password':
        return c.json(await passwordGrant(ctx, c))
      case 'refresh_token':
        return c.json(await refreshTokenGrant(ctx, c))
      case 'pkce':
        return c.json(await pkceGrant(ctx, c))
      default:
        // Sic: GoTrue names the code invalid_credentials and puts the reason in the message.
        throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type')
    }
  })
}

async function passwordGrant(ctx: BackendContext, c: Context): Promise<SessionResponse> {
  const body = await readAuthBody(c, PasswordGrantBody)
  if (body.email && body.phone) {
    throw new AuthError(400, 'validation_failed', 'Only an email address or phone number should be provided on login.')
  }
  if (body.phone) throw new AuthError(422, 'phone_provider_disabled', 'Phone logins are disabled')
  if (!body.email) throw new AuthError(400, 'validation_failed', 'missing email or phone')
  const user = ctx.users.authByEmail(body.email)
  // Unknown user, OAuth-only user and wrong password look the same, so accounts cannot be enumerated.
  if (!user || user.passwordHash === null) throw invalidCredentials()
  if (!verifyPassword(body.password ?? '', user.passwordHash)) throw invalidCredentials()
  if (user.emailConfirmedAt === null) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed')
  return startSession(ctx, user, 'password', 'email')
}

async function refreshTokenGrant(ctx: BackendContext, c: Context): Promise<SessionResponse> {
  const body = await readAuthBody(c, RefreshTokenGrantBody)
  if (!body.refresh_token) throw new AuthError(400, 'validation_failed', 'Refresh token is not valid')
  const outcome = ctx.authSessions.refresh(body.refresh_token)
  if (outcome.kind === 'already_used') {
    throw new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used')
  }
  const user = outcome.kind === 'refreshed' ? ctx.users.auth.get(outcome.session.userId) : undefined
  if (outcome.kind === 'not_found' || !user) {
    throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found')
  }
  return sessionResponse(ctx, user, outcome.session, outcome.refreshToken)
}

async function pkceGrant(ctx: BackendContext, c: Context): Promise<SessionResponse> {
  const body = await readAuthBody(c, PkceGrantBody)
  if (!body.auth_code || !body.code_verifier) {
    throw new AuthError(
      400,
      'validation_failed',
      'invalid request: both auth code and code verifier should be non-empty',
    )
  }
  const { flow, user } = findFlow(ctx, body.auth_code)
  // As in GoTrue, a wrong verifier leaves the flow state in place; only a successful exchange spends it.
  if (!(await verifierMatches(flow.challenge, body.code_verifier))) {
    throw new AuthError(400, 'bad_code_verifier', 'code challenge does not match previously saved code verifier')
  }
  // Looked up again after the await: of two exchanges of one code, only the first may win.
  findFlow(ctx, body.auth_code)
  ctx.authSessions.flowStates.delete(flow.id)
  const provider: AuthProvider =
    flow.providerType === 'google' || flow.providerType === 'kakao' ? flow.providerType : 'email'
  const session = await startSession(ctx, user, flow.authMethod, provider)
  return provider === 'email' ? session : { ...session, provider_token: `mock-${provider}-access-token` }
}

function findFlow(ctx: BackendContext, authCode: string): { flow: FlowState; user: AuthUser } {
  const lookup = ctx.authSessions.flowStates.findByCode(authCode)
  if (lookup.kind === 'expired') {
    throw new AuthError(422, 'flow_state_expired', 'invalid flow state, flow state has expired')
  }
  const user = lookup.kind === 'found' ? ctx.users.auth.get(lookup.flow.userId) : undefined
  if (lookup.kind === 'not_found' || !user) {
    throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found')
  }
  return { flow: lookup.flow, user }
}
