import type { Hono } from 'hono'
import type { BackendContext } from '../context.ts'
import type { BackendEnv } from '../http.ts'
import { hashPassword } from '../users.ts'
import { AuthError } from './errors.ts'
import { checkPasswordStrength, validEmail } from './input-rules.ts'
import { obfuscatedUser } from './obfuscated-user.ts'
import { readCodeChallenge } from './pkce.ts'
import { readAuthBody } from './read-body.ts'
import { resolveRedirect } from './redirects.ts'
import { releaseRefusedAddress } from './release-refused.ts'
import { ResendBody, SignupBody } from './schemas.ts'
import { toGoTrueUser } from './user-json.ts'
import { sendVerificationMail } from './verification-mail.ts'

/**
 * POST /signup and POST /resend. E-mail confirmation is required (mailer_autoconfirm false): sign-up
 * answers with the user and no session, and the confirmation link lands in the dev mailbox.
 */
export function registerSignupRoutes(app: Hono<BackendEnv>, ctx: BackendContext): void {
  app.post('/signup', async (c) => {
    const body = await readAuthBody(c, SignupBody)
    // GoTrue's router reads a sign-up without an address as an anonymous sign-in, before any other check.
    if (!body.email && !body.phone) {
      throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled')
    }
    if (body.email && body.phone) {
      throw new AuthError(
        400,
        'validation_failed',
        'Only an email address or phone number should be provided on signup.',
      )
    }
    if (body.phone) throw new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled')
    if (!body.password) throw new AuthError(400, 'validation_failed', 'Signup requires a valid password')
    checkPasswordStrength(body.password)
    const challenge = readCodeChallenge(body.code_challenge, body.code_challenge_method)
    const email = validEmail(body.email)
    const redirectTo = resolveRedirect(ctx, c.req.query('redirect_to'), c.req.header('referer'))

    // Hashed before the lookup, so nothing awaits between "no such user" and creating it.
    const passwordHash = hashPassword(body.password)
    releaseRefusedAddress(ctx, email)
    const existing = ctx.users.authByEmail(email)
    if (existing && existing.emailConfirmedAt !== null) {
      // No mail, and an answer shaped as a new sign-up's, so the address's owner stays unknown.
      return c.json(obfuscatedUser(email, body.data ?? {}, existing.recoverySentAt, ctx.clock.now()))
    }
    if (existing) {
      // A repeated sign-up of an unconfirmed address only mails a fresh link; GoTrue keeps the first password.
      sendVerificationMail(ctx, existing, 'signup', redirectTo, challenge)
      return c.json(toGoTrueUser(existing))
    }
    const user = newEmailUser(ctx, email, passwordHash, body.data ?? {})
    sendVerificationMail(ctx, user, 'signup', redirectTo, challenge)
    return c.json(toGoTrueUser(user))
  })

  app.post('/resend', async (c) => {
    const body = await readAuthBody(c, ResendBody)
    if (body.type !== 'signup' && body.type !== 'email_change') {
      throw new AuthError(400, 'validation_failed', 'Missing one of these types: signup, email_change')
    }
    const challenge = readCodeChallenge(body.code_challenge, body.code_challenge_method)
    const email = validEmail(body.email)
    const redirectTo = resolveRedirect(ctx, c.req.query('redirect_to'), c.req.header('referer'))
    const user = ctx.users.authByEmail(email)
    // An unknown or already confirmed address gets the same empty answer: no account enumeration.
    if (user && body.type === 'signup' && user.emailConfirmedAt === null) {
      sendVerificationMail(ctx, user, 'signup', redirectTo, challenge)
    }
    const pending =
      user && body.type === 'email_change' ? ctx.authSessions.oneTimeTokens.pendingEmailChange(user.id) : undefined
    if (user && pending) sendVerificationMail(ctx, user, 'email_change', redirectTo, challenge, pending.newEmail)
    return c.json({})
  })
}

function newEmailUser(ctx: BackendContext, email: string, passwordHash: string, data: Record<string, unknown>) {
  const id = crypto.randomUUID()
  return ctx.users.newAuthUser({
    id,
    email,
    passwordHash,
    identities: [{ provider: 'email', providerUserId: id, createdAt: ctx.clock.now(), data: { email } }],
    userMetadata: { ...data, sub: id, email, email_verified: false, phone_verified: false },
  })
}
