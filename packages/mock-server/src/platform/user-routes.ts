import { ErrorCode, endpoints, type Provider } from '@coursekit/core/contract'
import { type Context, Hono } from 'hono'
import type { BackendContext } from '../context.ts'
import { apiError, type BackendEnv, readBody } from '../http.ts'
import { normaliseEmail, type PlatformUser, toPlatformProvider, toServerUserRecord, verifyPassword } from '../users.ts'
import type { LegacyVerifications } from './legacy-verifications.ts'
import { addProvider } from './profile.ts'
import { routePath } from './route-path.ts'

export const USER_NOT_FOUND_MESSAGE = '사용자를 찾을 수 없습니다.'
export const FOREIGN_USER_MESSAGE = '다른 사용자의 정보에는 접근할 수 없습니다.'
export const DUPLICATE_PHONE = {
  error: '이미 가입된 휴대폰 번호입니다.',
  suggestion: '다른 휴대폰 번호를 입력하시거나, 해당 번호로 가입한 계정으로 로그인해주세요.',
}
export const DUPLICATE_EMAIL = {
  error: '이미 가입된 이메일입니다.',
  suggestion: '기존 계정으로 로그인하시거나, 비밀번호 찾기를 이용해주세요.',
}
export const EMAIL_NOT_CONFIRMED_MESSAGE = '이메일 인증이 완료되지 않았습니다. 이메일을 확인해주세요.'

/** The platform's user records: lookups, creation, activation, the legacy check and profile patches. */
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

  app.post(routePath(endpoints.activateUser.path), async (c) => {
    const body = await readBody(c, endpoints.activateUser.body)
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

  app.get(routePath(endpoints.userExistsByUid.path), (c) => {
    const user = users.platform.get(c.req.param('uid') ?? '')
    return c.json({ exists: user !== undefined, user: user ? toServerUserRecord(user) : null })
  })

  app.post(routePath(endpoints.userExistsByEmail.path), async (c) => {
    const body = await readBody(c, endpoints.userExistsByEmail.body)
    const owner = emailOwner(ctx, c.req.param('email') ?? '')
    return c.json({
      exists: owner !== null,
      userId: owner?.userId ?? null,
      providers: owner?.providers ?? [],
      isSameUser: owner !== null && body.uid != null && owner.userId === body.uid,
    })
  })

  app.post(routePath(endpoints.createUser.path), async (c) => {
    const body = await readBody(c, endpoints.createUser.body)
    const existing = users.platform.get(body.id)
    // A retried create (the first answer was lost) gets the account it already made.
    if (existing) return c.json({ success: true, user: toServerUserRecord(existing), created: false })

    const emailOwnerRecord = users.platformByEmail(body.email)
    const legacyAccount = users.legacy.get(normaliseEmail(body.email))
    if (emailOwnerRecord || (legacyAccount && !legacy.isVerified(legacyAccount.email))) {
      return duplicate(c, ErrorCode.duplicateEmail, DUPLICATE_EMAIL)
    }
    if (body.phone && users.platformByPhone(body.phone)) return duplicate(c, ErrorCode.duplicatePhone, DUPLICATE_PHONE)

    const provider: Provider = body.provider ?? body.oauthProviders[0] ?? 'EMAIL'
    const oauthProviders = [...new Set<Provider>([...body.oauthProviders, provider])]
    const authUser = users.auth.get(body.id)
    const user: PlatformUser = {
      id: body.id,
      email: normaliseEmail(body.email),
      name: body.name ?? null,
      nickname: body.nickname ?? null,
      phone: body.phone ?? null,
      role: 'USER',
      // Not activated until Supabase Auth has confirmed the e-mail (then POST users/activate).
      status: authUser && authUser.emailConfirmedAt === null ? 0 : 1,
      profileImagePath: body.profileImagePath ?? null,
      oauthProviders,
      provider,
      createdAt: ctx.clock.now(),
      lastSignInAt: null,
    }
    users.upsertPlatformUser(user)
    if (legacyAccount) {
      users.legacy.delete(legacyAccount.email)
      legacy.forget(legacyAccount.email)
    }
    return c.json({ success: true, user: toServerUserRecord(user), created: true }, 201)
  })

  app.patch(routePath(endpoints.updateDisplayName.path), async (c) => {
    const body = await readBody(c, endpoints.updateDisplayName.body)
    const found = ownRecord(c, ctx)
    if (found instanceof Response) return found
    // The display name is the name other learners see: the nickname.
    found.nickname = body.displayName.trim()
    return c.json({ success: true, user: toServerUserRecord(found) })
  })

  app.patch(routePath(endpoints.addOAuthProvider.path), async (c) => {
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

function duplicate(c: Context, errorCode: string, text: { error: string; suggestion: string }): Response {
  return apiError(c, 409, errorCode, text.error, { errorCode, suggestion: text.suggestion })
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
