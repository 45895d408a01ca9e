import type { Context, Hono } from 'hono'
import type { BackendContext } from '../context.ts'
import type { BackendEnv } from '../http.ts'
import { AuthError } from './errors.ts'
import { validEmail } from './input-rules.ts'
import { readAuthBody } from './read-body.ts'
import { resolveRedirect, withError, withFragment, withQuery } from './redirects.ts'
import { VerifyBody } from './schemas.ts'
import { sessionFragment, startSession } from './session-response.ts'
import { applyVerification, SINGLE_CONFIRMATION_ACCEPTED, tokenTypesFor } from './verification.ts'
import { FLOW_OF } from './verification-mail.ts'

const LINK_INVALID = 'Email link is invalid or has expired'

/**
 * GET /verify is the link in the e-mail: it redirects to redirect_to with the session in the
 * fragment (implicit) or ?code= (PKCE link, token prefixed pkce_), or with an error fragment.
 * POST /verify is verifyOtp: the token from the mail (with its address) or the token as
 * token_hash, answered with a session.
 */
export function registerVerifyRoutes(app: Hono<BackendEnv>, ctx: BackendContext): void {
  app.get('/verify', async (c) => {
    const token = c.req.query('token') ?? ''
    const type = c.req.query('type') ?? ''
    if (type === '') throw new AuthError(400, 'validation_failed', 'Verify requires a verification type')
    if (token === '') throw new AuthError(400, 'validation_failed', 'Verify requires a token or a token hash')
    const redirectTo = resolveRedirect(ctx, c.req.query('redirect_to'), c.req.header('referer'))
    const pkce = token.startsWith('pkce_')
    try {
      const record = ctx.authSessions.oneTimeTokens.take(token, tokenTypesFor(type))
      if (!record) throw new AuthError(403, 'otp_expired', LINK_INVALID)
      const outcome = applyVerification(ctx, record)
      if (outcome.kind === 'awaiting_other_address') {
        const message = { message: SINGLE_CONFIRMATION_ACCEPTED }
        return c.redirect(withFragment(pkce ? withQuery(redirectTo, message) : redirectTo, { ...message, sb: '' }), 303)
      }
      const { user } = outcome
      if (pkce) {
        const flow = ctx.authSessions.flowStates.latestFor(user.id, FLOW_OF[record.type].authMethod)
        const code = flow ? ctx.authSessions.flowStates.issueCode(flow.id) : null
        if (code === null) throw new AuthError(400, 'flow_state_not_found', 'No associated flow state found.')
        return c.redirect(withQuery(redirectTo, { code }), 303)
      }
      const session = await startSession(ctx, user, 'otp', 'email')
      return c.redirect(withFragment(redirectTo, sessionFragment(session, { type })), 303)
    } catch (error) {
      if (!(error instanceof AuthError)) throw error
      return c.redirect(withError(redirectTo, error, pkce), 303)
    }
  })

  app.post('/verify', async (c) => c.json(await verifyOtp(ctx, c)))
}

async function verifyOtp(ctx: BackendContext, c: Context) {
  const body = await readAuthBody(c, VerifyBody)
  if (!body.type) throw new AuthError(400, 'validation_failed', 'Verify requires a verification type')
  if (!body.token === !body.token_hash) {
    throw new AuthError(400, 'validation_failed', 'Verify requires either a token or a token hash')
  }
  const types = tokenTypesFor(body.type)
  const tokens = ctx.authSessions.oneTimeTokens
  let record: ReturnType<typeof tokens.take>
  if (body.token) {
    if (!body.email) {
      throw new AuthError(
        400,
        'validation_failed',
        'Only an email address or phone number should be provided on verify',
      )
    }
    record = tokens.take(body.token, types, validEmail(body.email))
    if (!record) throw new AuthError(403, 'otp_expired', 'Token has expired or is invalid')
  } else {
    record = tokens.take(body.token_hash ?? '', types)
    if (!record) throw new AuthError(403, 'otp_expired', LINK_INVALID)
  }
  const outcome = applyVerification(ctx, record)
  if (outcome.kind === 'awaiting_other_address') return { msg: SINGLE_CONFIRMATION_ACCEPTED, code: '200' }
  return startSession(ctx, outcome.user, 'otp', 'email')
}
