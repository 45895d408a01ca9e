import {
  type CreateUserRequest,
  ErrorCode,
  endpoints,
  formatKoreanPhone,
  type Provider,
} from '@coursekit/core/contract'
import { type Context, Hono } from 'hono'
import type { BackendContext } from '../context.ts'
import { AUTHENTICATION_REQUIRED, apiError, type BackendEnv, optionalCaller, readBody } from '../http.ts'
import { normaliseEmail, type PlatformUser, toServerUserRecord } from '../users.ts'
import type { LegacyVerifications } from './legacy-verifications.ts'
import { nationalPhone } from './phone-routes.ts'
import { hasCompleteProfile } from './profile.ts'
import { routePath } from './route-path.ts'

export const DUPLICATE_PHONE = {
  error: '이미 가입된 휴대폰 번호입니다.',
  suggestion: '다른 휴대폰 번호를 입력하시거나, 해당 번호로 가입한 계정으로 로그인해주세요.',
}
export const DUPLICATE_EMAIL = {
  error: '이미 가입된 이메일입니다.',
  suggestion: '기존 계정으로 로그인하시거나, 비밀번호 찾기를 이용해주세요.',
}
export const PHONE_NOT_VERIFIED_MESSAGE = '휴대폰 번호 인증이 필요합니다. 인증번호를 받아 인증을 완료해주세요.'
export const FOREIGN_RECORD_MESSAGE = '다른 사용자의 정보는 변경할 수 없습니다.'

/**
 * POST /api/v2/users/create (decisions.md, "Profile completion saves through users/create"). A
 * public path: creating a record needs no bearer, anything about an existing one does.
 * - a new id gets a record, unless the e-mail is another account's (DUPLICATE_EMAIL) or the id is an
 *   auth user with another e-mail (whoever's bearer comes with it: creating is public);
 * - an existing record is answered only to the bearer of its own user (401 without one, 403 with
 *   another's), so nobody else reads it or writes into it;
 * - an existing, incomplete record is completed, only for the auth user of that id and e-mail;
 * - a complete record is never changed: a retried create gets it back as it is;
 * - a phone is saved only with a phoneVerificationToken that verified that number, and only when no
 *   other account has it (DUPLICATE_PHONE). Verification comes first, so the call does not tell an
 *   anonymous caller whose number is registered.
 */
export function createUserCreateRoute(ctx: BackendContext, legacy: LegacyVerifications): Hono<BackendEnv> {
  const app = new Hono<BackendEnv>()
  const { users, phoneVerifications } = ctx

  /** The phone's written form, or the answer refusing it. Uses nothing up. */
  function checkPhone(c: Context, body: CreateUserRequest, ownerId: string, saved: string | null): string | Response {
    const national = nationalPhone(body.phone ?? '')
    const alreadySaved = saved !== null && users.samePhone(saved, national)
    if (!alreadySaved && !phoneVerifications.isVerified(body.phoneVerificationToken, national)) {
      return apiError(c, 400, ErrorCode.phoneNotVerified, PHONE_NOT_VERIFIED_MESSAGE)
    }
    const owner = users.platformByPhone(national)
    if (owner && owner.id !== ownerId) return duplicate(c, ErrorCode.duplicatePhone, DUPLICATE_PHONE)
    return formatKoreanPhone(national)
  }

  function usePhoneToken(body: CreateUserRequest): void {
    if (body.phoneVerificationToken) phoneVerifications.consume(body.phoneVerificationToken)
  }

  function complete(c: Context, existing: PlatformUser, body: CreateUserRequest): Response {
    const email = normaliseEmail(body.email)
    if (normaliseEmail(existing.email) !== email) return apiError(c, 403, ErrorCode.forbidden, FOREIGN_RECORD_MESSAGE)
    if (hasCompleteProfile(existing)) {
      return c.json({ success: true, user: toServerUserRecord(existing), created: false })
    }
    const authUser = users.auth.get(existing.id)
    if (!authUser || normaliseEmail(authUser.email) !== email) {
      return apiError(c, 403, ErrorCode.forbidden, FOREIGN_RECORD_MESSAGE)
    }
    const phone = filled(body.phone) ? checkPhone(c, body, existing.id, existing.phone) : null
    if (phone instanceof Response) return phone
    if (filled(body.name)) existing.name = body.name.trim()
    if (filled(body.nickname)) existing.nickname = body.nickname.trim()
    if (phone !== null) existing.phone = phone
    if (body.profileImagePath) existing.profileImagePath = body.profileImagePath
    existing.oauthProviders = [...new Set<Provider>([...existing.oauthProviders, ...body.oauthProviders])]
    usePhoneToken(body)
    return c.json({ success: true, user: toServerUserRecord(existing), created: false })
  }

  app.post(routePath(endpoints.createUser.path), async (c) => {
    const caller = optionalCaller(c, ctx)
    if (caller instanceof Response) return caller
    const body = await readBody(c, endpoints.createUser.body)
    const existing = users.platform.get(body.id)
    if (existing) {
      if (caller === null) return apiError(c, 401, ErrorCode.unauthorized, AUTHENTICATION_REQUIRED)
      if (caller.sub !== existing.id) return apiError(c, 403, ErrorCode.forbidden, FOREIGN_RECORD_MESSAGE)
      return complete(c, existing, body)
    }

    const email = normaliseEmail(body.email)
    const authUser = users.auth.get(body.id)
    if (authUser && normaliseEmail(authUser.email) !== email) {
      return apiError(c, 403, ErrorCode.forbidden, FOREIGN_RECORD_MESSAGE)
    }
    const emailHolder = users.authByEmail(email)
    const legacyAccount = users.legacy.get(email)
    if (
      users.platformByEmail(email) ||
      (emailHolder && emailHolder.id !== body.id) ||
      (legacyAccount && !legacy.isVerified(legacyAccount.email))
    ) {
      return duplicate(c, ErrorCode.duplicateEmail, DUPLICATE_EMAIL)
    }
    const phone = filled(body.phone) ? checkPhone(c, body, body.id, null) : null
    if (phone instanceof Response) return phone

    const provider: Provider = body.provider ?? body.oauthProviders[0] ?? 'EMAIL'
    const user: PlatformUser = {
      id: body.id,
      email,
      name: filled(body.name) ? body.name.trim() : null,
      nickname: filled(body.nickname) ? body.nickname.trim() : null,
      phone,
      role: 'USER',
      // Not activated until Supabase Auth has confirmed the e-mail (then POST users/activate).
      status: authUser && authUser.emailConfirmedAt === null ? 0 : 1,
      profileImagePath: body.profileImagePath ?? null,
      oauthProviders: [...new Set<Provider>([...body.oauthProviders, provider])],
      provider,
      createdAt: ctx.clock.now(),
      lastSignInAt: null,
    }
    users.upsertPlatformUser(user)
    usePhoneToken(body)
    if (legacyAccount) {
      users.legacy.delete(legacyAccount.email)
      legacy.forget(legacyAccount.email)
    }
    return c.json({ success: true, user: toServerUserRecord(user), created: true }, 201)
  })

  return app
}

function filled(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim() !== ''
}

function duplicate(c: Context, errorCode: string, text: { error: string; suggestion: string }): Response {
  return apiError(c, 409, errorCode, text.error, { errorCode, suggestion: text.suggestion })
}
