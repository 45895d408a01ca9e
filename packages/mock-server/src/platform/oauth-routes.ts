import {
  ErrorCode,
  endpoints,
  type OAuthProcessRequest,
  type OAuthProcessResponse,
  type Provider,
} from '@coursekit/core/contract'
import { josa } from 'es-hangul'
import { Hono } from 'hono'
import type { BackendContext } from '../context.ts'
import { AUTHENTICATION_REQUIRED, apiError, type BackendEnv, optionalCaller, readBody } from '../http.ts'
import { normaliseEmail, type PlatformUser, toServerUserRecord } from '../users.ts'
import { addProvider, hasCompleteProfile, PROVIDER_LABELS } from './profile.ts'
import { routePath } from './route-path.ts'
import { FOREIGN_USER_MESSAGE } from './user-routes.ts'

/** Spec section 5's texts. */
export const MISSING_IDENTITY_MESSAGE = '사용자 식별 정보 누락'
export const INACTIVE_ACCOUNT_MESSAGE = '계정이 활성화되지 않았습니다. 이메일을 확인해주세요.'
export const ACCOUNT_CONFLICT_OPTIONS = ['LOGIN_WITH_EXISTING', 'LINK_ACCOUNTS']

/**
 * After a Google or Kakao sign-in the client hands the platform the Supabase user; the platform
 * decides whether that is a new member, a known one (maybe with a new provider), a clash with another
 * account that owns the e-mail, or an account still waiting for e-mail verification.
 */
export function createOAuthRoutes(ctx: BackendContext): Hono<BackendEnv> {
  const app = new Hono<BackendEnv>()

  app.post(routePath(endpoints.processOAuth.path), async (c) => {
    const caller = optionalCaller(c, ctx)
    if (caller instanceof Response) return caller
    // The identity check comes before the schema so a missing id or e-mail gets the spec's text.
    if (!hasIdentity(await c.req.text())) return apiError(c, 400, ErrorCode.badRequest, MISSING_IDENTITY_MESSAGE)
    const body = await readBody(c, endpoints.processOAuth.body)
    // A record that exists is its user's (decisions.md): only their bearer (the OAuth session's
    // token) reads it or links a provider to it. A new member and a clash stay public.
    if (ctx.users.platform.has(body.supabaseUserId)) {
      if (caller === null) return apiError(c, 401, ErrorCode.unauthorized, AUTHENTICATION_REQUIRED)
      if (caller.sub !== body.supabaseUserId) return apiError(c, 403, ErrorCode.forbidden, FOREIGN_USER_MESSAGE)
    }
    return c.json(processOAuth(ctx, body))
  })

  return app
}

function hasIdentity(text: string): boolean {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    // Not JSON at all: readBody answers that one.
    return true
  }
  if (typeof json !== 'object' || json === null) return false
  const { supabaseUserId, email } = json as Record<string, unknown>
  const present = (value: unknown) => typeof value !== 'string' || value.trim() !== ''
  return supabaseUserId != null && email != null && present(supabaseUserId) && present(email)
}

export function processOAuth(ctx: BackendContext, request: OAuthProcessRequest): OAuthProcessResponse {
  const { users } = ctx
  const own = users.platform.get(request.supabaseUserId)
  if (own) return known(own, request.provider)

  const other = users.platformByEmail(request.email)
  const legacyAccount = users.legacy.get(normaliseEmail(request.email))
  if (other || legacyAccount) {
    refuseAuthUser(ctx, request.supabaseUserId)
    const existingProviders: Provider[] = other ? other.oauthProviders : ['EMAIL']
    const labels = existingProviders.map((provider) => PROVIDER_LABELS[provider]).join(', ')
    return {
      action: 'ACCOUNT_CONFLICT',
      message: `이미 ${josa(labels, '으로/로')} 가입된 이메일입니다. 기존 계정으로 로그인하거나 계정을 연결해주세요.`,
      needsProfile: false,
      isNewProvider: false,
      hasLinkedAccounts: existingProviders.length > 1,
      providers: existingProviders,
      user: null,
      conflict: { email: normaliseEmail(request.email), existingProviders, attemptedProvider: request.provider },
      options: ACCOUNT_CONFLICT_OPTIONS,
    }
  }

  const user: PlatformUser = {
    id: request.supabaseUserId,
    email: normaliseEmail(request.email),
    name: request.name?.trim() || null,
    nickname: null,
    phone: null,
    role: 'USER',
    status: 1,
    profileImagePath: request.profileImage ?? null,
    oauthProviders: [request.provider],
    provider: request.provider,
    createdAt: ctx.clock.now(),
    lastSignInAt: null,
  }
  users.upsertPlatformUser(user)
  return {
    action: 'SIGNUP',
    message: `${PROVIDER_LABELS[request.provider]} 계정으로 가입되었습니다. 프로필을 완성해주세요.`,
    needsProfile: !hasCompleteProfile(user),
    isNewProvider: true,
    hasLinkedAccounts: false,
    providers: user.oauthProviders,
    user: toServerUserRecord(user),
  }
}

/**
 * The Supabase user a Google or Kakao sign-in just made for an address another account owns is
 * marked refused: it gives way (is deleted) when the address is next signed up or signed in to,
 * so the owner can move a legacy account over and have the provider linked to their own account.
 * Not at once: the client still signs its session out. A user with a password, an e-mail identity
 * or a record is an account of its own and never marked.
 */
function refuseAuthUser(ctx: BackendContext, supabaseUserId: string): void {
  const authUser = ctx.users.auth.get(supabaseUserId)
  if (!authUser || authUser.passwordHash !== null || ctx.users.platform.has(supabaseUserId)) return
  if (authUser.identities.some((identity) => identity.provider === 'email')) return
  ctx.users.markRefused(supabaseUserId)
}

function known(user: PlatformUser, provider: Provider): OAuthProcessResponse {
  if (user.status === 0) {
    return {
      action: 'VERIFICATION_REQUIRED',
      message: INACTIVE_ACCOUNT_MESSAGE,
      error: INACTIVE_ACCOUNT_MESSAGE,
      needsProfile: !hasCompleteProfile(user),
      isNewProvider: false,
      hasLinkedAccounts: user.oauthProviders.length > 1,
      providers: user.oauthProviders,
      user: toServerUserRecord(user),
    }
  }
  const isNewProvider = addProvider(user, provider)
  return {
    action: 'LINKED',
    message: isNewProvider
      ? `${PROVIDER_LABELS[provider]} 계정이 기존 계정에 연결되었습니다.`
      : `${PROVIDER_LABELS[provider]} 계정으로 로그인되었습니다.`,
    needsProfile: !hasCompleteProfile(user),
    isNewProvider,
    hasLinkedAccounts: user.oauthProviders.length > 1,
    providers: user.oauthProviders,
    user: toServerUserRecord(user),
  }
}
