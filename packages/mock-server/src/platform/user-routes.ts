import { ErrorCode, endpoints, type Provider } from '@coursekit/core/contract'
import { type Context, Hono } from 'hono'
import type { BackendContext } from '../context.ts'
import { AUTHENTICATION_REQUIRED, apiError, type BackendEnv, optionalCaller, readBody, requireUser } from '../http.ts'
import { normaliseEmail, type PlatformUser, toPlatformProvider, toServerUserRecord, verifyPassword } from '../users.ts'
import type { LegacyVerifications } from './legacy-verifications.ts'
import { addProvider } from './profile.ts'
import { routePath } from './route-path.ts'

export const USER_NOT_FOUND_MESSAGE = '사용자를 찾을 수 없습니다.'
export const FOREIGN_USER_MESSAGE = '다른 사용자의 정보에는 접근할 수 없습니다.'
export const EMAIL_NOT_CONFIRMED_MESSAGE = '이메일 인증이 완료되지 않았습니다. 이메일을 확인해주세요.'

/** The platform's user records: lookups, activation, the legacy check and profile patches (creation: create-user-route.ts). */
export function createUserRoutes(ctx: BackendContext, legacy: LegacyVerifications): Hono<BackendEnv> {
  const app = new Hono<BackendEnv>()
  const { users } = ctx

  const isAdmin = (userId: string) => users.platform.get(userId)?.role === 'ADMIN'

  app.get(routePath(endpoints.getUser.path), (c) => {
    const id = c.req.param('id') ?? ''
    const caller = c.get('user').sub
    if (id !== caller && !isAdmin(caller)) return apiError(c, 403, ErrorCode.forbidden, FOREIGN_USER_MESSAGE)
    const user = users.platform.get(id)
    if (!user) return apiError(c, 404, ErrorCode.notFound, USER_NOT_FOUND_MESSAGE)
    return c.json(toServerUserRecord(user))
  })

  app.post(routePath(endpoints.verifyLegacyPassword.path), async (c) => {
    const body = await readBody(c, endpoints.verifyLegacyPassword.body)
    const account = users.legacy.get(normaliseEmail(body.email))
    const verified = account !== undefined && verifyPassword(body.password, account.passwordHash)
    if (!verified) return c.json({ verified: false, userId: null })
    legacy.markVerified(account.email)
    return c.json({ verified: true, userId: account.userId })
  })

  // Activation answers the record, so it is its own user's (the session of the confirmation link):
  // 401 without a bearer, 403 with another user's, before anything is looked up.
  app.post(routePath(endpoints.activateUser.path), async (c) => {
    const caller = optionalCaller(c, ctx)
    if (caller instanceof Response) return caller
    if (caller === null) return apiError(c, 401, ErrorCode.unauthorized, AUTHENTICATION_REQUIRED)
    const body = await readBody(c, endpoints.activateUser.body)
    if (caller.sub !== body.supabaseUserId) return apiError(c, 403, ErrorCode.forbidden, FOREIGN_USER_MESSAGE)
    const user = users.platform.get(body.supabaseUserId)
    // A wrong e-mail for the id is answered like an unknown id: this route is public.
    if (!user || normaliseEmail(user.email) !== normaliseEmail(body.email)) {
      return apiError(c, 404, ErrorCode.notFound, USER_NOT_FOUND_MESSAGE)
    }
    const authUser = users.auth.get(user.id)
    if (authUser && authUser.emailConfirmedAt === null) {
      return apiError(c, 403, ErrorCode.forbidden, EMAIL_NOT_CONFIRMED_MESSAGE)
    }
    user.status = 1
    return c.json({ success: true, user: toServerUserRecord(user) })
  })

  // The existence checks are public (decisions.md): to anyone they say whether an account exists and
  // how it signs in; the id and the record only to that account's own bearer.
  app.get(routePath(endpoints.userExistsByUid.path), (c) => {
    const caller = optionalCaller(c, ctx)
    if (caller instanceof Response) return caller
    const user = users.platform.get(c.req.param('uid') ?? '')
    const own = user !== undefined && caller?.sub === user.id
    return c.json({
      exists: user !== undefined,
      user: own ? toServerUserRecord(user) : null,
      providers: user?.oauthProviders ?? [],
    })
  })

  app.post(routePath(endpoints.userExistsByEmail.path), async (c) => {
    const caller = optionalCaller(c, ctx)
    if (caller instanceof Response) return caller
    const body = await readBody(c, endpoints.userExistsByEmail.body)
    const owner = emailOwner(ctx, c.req.param('email') ?? '')
    const own = owner !== null && caller?.sub === owner.userId
    return c.json({
      exists: owner !== null,
      userId: own ? owner.userId : null,
      providers: owner?.providers ?? [],
      isSameUser: own && body.uid === owner.userId,
    })
  })

  // Bearer routes whose pattern also matches public paths (`/api/v2/users/exists/display-name`),
  // which the check of all of /api lets through: they verify the bearer themselves.
  const bearer = requireUser(ctx)

  app.patch(routePath(endpoints.updateDisplayName.path), bearer, async (c) => {
    const body = await readBody(c, endpoints.updateDisplayName.body)
    const found = ownRecord(c, ctx)
    if (found instanceof Response) return found
    // The display name is the name other learners see: the nickname.
    found.nickname = body.displayName.trim()
    return c.json({ success: true, user: toServerUserRecord(found) })
  })

  app.patch(routePath(endpoints.addOAuthProvider.path), bearer, async (c) => {
    const body = await readBody(c, endpoints.addOAuthProvider.body)
    const found = ownRecord(c, ctx)
    if (found instanceof Response) return found
    const added = addProvider(found, body.provider)
    return c.json({ success: true, user: toServerUserRecord(found), added })
  })

  return app
}

/** The caller's own platform record for a `/users/{id}/…` route, or the 403/404 to answer. */
function ownRecord(c: Context<BackendEnv>, ctx: BackendContext): PlatformUser | Response {
  const id = c.req.param('id') ?? ''
  if (id !== c.get('user').sub) return apiError(c, 403, ErrorCode.forbidden, FOREIGN_USER_MESSAGE)
  return ctx.users.platform.get(id) ?? apiError(c, 404, ErrorCode.notFound, USER_NOT_FOUND_MESSAGE)
}

/** Who owns an e-mail: a platform record, else a Supabase Auth user, else a legacy account. */
function emailOwner(ctx: BackendContext, email: string): { userId: string; providers: Provider[] } | null {
  const record = ctx.users.platformByEmail(email)
  if (record) return { userId: record.id, providers: record.oauthProviders }
  const authUser = ctx.users.authByEmail(email)
  if (authUser) {
    return {
      userId: authUser.id,
      providers: [...new Set(authUser.identities.map((identity) => toPlatformProvider(identity.provider)))],
    }
  }
  const legacyAccount = ctx.users.legacy.get(normaliseEmail(email))
  return legacyAccount ? { userId: legacyAccount.userId, providers: ['EMAIL'] } : null
}
