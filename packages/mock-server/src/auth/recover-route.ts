import type { Hono } from 'hono'
import type { BackendContext } from '../context.ts'
import type { BackendEnv } from '../http.ts'
import { AuthError } from './errors.ts'
import { validEmail } from './input-rules.ts'
import { readCodeChallenge } from './pkce.ts'
import { readAuthBody } from './read-body.ts'
import { resolveRedirect } from './redirects.ts'
import { RecoverBody } from './schemas.ts'
import { sendVerificationMail } from './verification-mail.ts'

/** POST /recover (resetPasswordForEmail): mails a recovery link; an unknown address gets the same 200. */
export function registerRecoverRoute(app: Hono<BackendEnv>, ctx: BackendContext): void {
  app.post('/recover', async (c) => {
    const body = await readAuthBody(c, RecoverBody)
    if (!body.email) throw new AuthError(400, 'validation_failed', 'Password recovery requires an email')
    const email = validEmail(body.email)
    const challenge = readCodeChallenge(body.code_challenge, body.code_challenge_method)
    const user = ctx.users.authByEmail(email)
    const redirectTo = resolveRedirect(ctx, c.req.query('redirect_to'), c.req.header('referer'))
    if (user) sendVerificationMail(ctx, user, 'recovery', redirectTo, challenge)
    return c.json({})
  })
}
