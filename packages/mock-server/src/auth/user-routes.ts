import type { Context, Hono } from 'hono'
import type { BackendContext } from '../context.ts'
import type { BackendEnv } from '../http.ts'
import { hashPassword, verifyPassword } from '../users.ts'
import { authenticate } from './authenticate.ts'
import { AuthError } from './errors.ts'
import { checkPasswordStrength, validEmail } from './input-rules.ts'
import { readCodeChallenge } from './pkce.ts'
import { readAuthBody } from './read-body.ts'
import { resolveRedirect } from './redirects.ts'
import { UserUpdateBody } from './schemas.ts'
import { type GoTrueUser, toGoTrueUser } from './user-json.ts'
import { checkMailFrequency, sendVerificationMail } from './verification-mail.ts'

/** GET /user and PUT /user (getUser, updateUser), both for the bearer's own account. */
export function registerUserRoutes(app: Hono<BackendEnv>, ctx: BackendContext): void {
  app.get('/user', async (c) => {
    const { user } = await authenticate(ctx, c)
    return c.json(userJson(ctx, user.id))
  })

  app.put('/user', async (c) => c.json(await updateUser(ctx, c)))
}

function userJson(ctx: BackendContext, userId: string): GoTrueUser {
  const user = ctx.users.auth.get(userId)
  if (!user) throw new AuthError(404, 'user_not_found', 'User not found')
  const pending = ctx.authSessions.oneTimeTokens.pendingEmailChange(user.id)
  return toGoTrueUser(user, pending && { email: pending.newEmail ?? pending.email })
}

/** Checks everything first, then applies: a refused update changes nothing. */
async function updateUser(ctx: BackendContext, c: Context): Promise<GoTrueUser> {
  const { user, session } = await authenticate(ctx, c)
  const body = await readAuthBody(c, UserUpdateBody)
  if (body.app_metadata) throw new AuthError(403, 'not_admin', 'Updating app_metadata requires admin privileges')
  if (body.phone) throw new AuthError(422, 'phone_provider_disabled', 'Phone changes are not supported')
  const email = body.email ? validEmail(body.email) : null
  const password = body.password ?? null
  if (password !== null) checkPasswordStrength(password)
  const challenge = readCodeChallenge(body.code_challenge, body.code_challenge_method)
  const changesEmail = email !== null && email !== user.email
  if (changesEmail) {
    const holder = ctx.users.authByEmail(email)
    if (holder && holder.id !== user.id) {
      throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered')
    }
  }
  if (password !== null && user.passwordHash !== null && verifyPassword(password, user.passwordHash)) {
    throw new AuthError(422, 'same_password', 'New password should be different from the old password.')
  }
  if (changesEmail) checkMailFrequency(ctx, user, 'email_change')

  const now = ctx.clock.now()
  if (password !== null) {
    user.passwordHash = hashPassword(password)
    if (!user.identities.some((identity) => identity.provider === 'email')) {
      user.identities.push({ provider: 'email', providerUserId: user.id, createdAt: now, data: { email: user.email } })
    }
    // As GoTrue: a new password signs out every other session and voids outstanding e-mail links.
    ctx.authSessions.signOut(user.id, session?.id ?? null, 'others')
    ctx.authSessions.oneTimeTokens.clearUser(user.id)
  }
  if (body.data) {
    for (const [key, value] of Object.entries(body.data)) {
      if (value === null) delete user.userMetadata[key]
      else user.userMetadata[key] = value
    }
  }
  if (changesEmail) {
    const redirectTo = resolveRedirect(ctx, c.req.query('redirect_to'), c.req.header('referer'))
    sendVerificationMail(ctx, user, 'email_change', redirectTo, challenge, email)
  }
  user.updatedAt = now
  return userJson(ctx, user.id)
}
