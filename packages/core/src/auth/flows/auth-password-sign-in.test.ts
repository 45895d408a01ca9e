import { DEMO_PASSWORD, demoAccounts, LEGACY_PASSWORD, legacyAccount } from '@coursekit/mock-server'
import { createWorld } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import { APP_ORIGIN, authPage } from '../auth-test-page.ts'
import { readToken } from '../auth-token.ts'

const { learner, admin, unconfirmed, inactive } = demoAccounts
const SEVEN_DAYS_S = 7 * 24 * 60 * 60

describe('sign-in with e-mail and password', () => {
  it('signs the learner in: state, token store, cookies and keys exactly as spec section 3', async () => {
    const h = authPage(await createWorld())
    await h.auth.start()
    const result = await h.auth.signInWithPassword(` ${learner.email} `, DEMO_PASSWORD)

    expect(result).toMatchObject({
      status: 'signed-in',
      user: { id: learner.id, email: learner.email },
      redirectTo: null,
    })
    const state = h.auth.store.getState()
    expect(state).toMatchObject({
      status: 'authenticated',
      user: { id: learner.id, email: learner.email, provider: 'EMAIL' },
      role: 'USER',
      profile: { id: learner.id, name: '김하늘', nickname: '하늘', phone: '010-1234-5678', hasProfile: true },
      profileCompletion: 100,
      isLoading: false,
      error: null,
    })
    expect(state.expiry).toBe(h.clock.now() + 3_600_000)
    expect(readToken(state.token!)?.userId).toBe(learner.id)

    const cookieOptions = { maxAgeSeconds: SEVEN_DAYS_S, path: '/', sameSite: 'lax', secure: true }
    expect(h.platform.cookieJar.get('auth_token')).toEqual({ value: state.token, options: cookieOptions })
    expect(h.platform.storage.get('auth_token')).toBe(state.token)
    const roleCookie = h.platform.cookieJar.get('user_role_info')!
    expect(roleCookie.options).toEqual(cookieOptions)
    expect(JSON.parse(roleCookie.value)).toEqual({
      userId: learner.id,
      role: 'USER',
      hasProfile: true,
      timestamp: h.clock.now(),
    })
    expect(JSON.parse(h.platform.storage.get('auth_profile')!)).toEqual(state.profile)
    expect(JSON.parse(h.platform.storage.get('lastLoginInfo')!)).toEqual({
      method: 'EMAIL',
      email: learner.email,
      timestamp: h.clock.now(),
    })
    expect(h.auth.lastLoginInfo()).toEqual({ method: 'EMAIL', email: learner.email, timestamp: h.clock.now() })

    expect(h.requests).toContain('POST /api/v2/auth/update-last-sign-in')
    expect(h.authEvents.map((event) => event.type)).toEqual(['userChanged', 'signedIn'])
    expect(h.notices).toEqual([])
    expect(h.navigations).toEqual([])
    expect(h.auth.hasRole('USER')).toBe(true)
    expect(h.auth.hasRole('ADMIN')).toBe(false)
  })

  it('marks the cookies Secure only on https', async () => {
    const h = authPage(await createWorld(), { url: 'http://localhost:5173/' })
    await h.auth.signInWithPassword(learner.email, DEMO_PASSWORD)
    expect(h.platform.cookieJar.get('auth_token')?.options.secure).toBe(false)
    expect(h.platform.cookieJar.get('user_role_info')?.options.secure).toBe(false)
  })

  it('gives the admin its role, checked with one role or a list', async () => {
    const h = authPage(await createWorld())
    await h.auth.signInWithPassword(admin.email, DEMO_PASSWORD)
    expect(h.auth.store.getState().role).toBe('ADMIN')
    expect(h.auth.hasRole('ADMIN')).toBe(true)
    expect(h.auth.hasRole(['USER', 'ADMIN'])).toBe(true)
    expect(h.auth.hasRole(['USER'])).toBe(false)
  })

  it('a wrong password tries the legacy check first, then says 이메일 또는 비밀번호가 올바르지 않습니다.', async () => {
    const h = authPage(await createWorld())
    const result = await h.auth.signInWithPassword(learner.email, 'wrong-password')
    expect(result).toEqual({
      status: 'error',
      message: '이메일 또는 비밀번호가 올바르지 않습니다.',
      code: 'INVALID_CREDENTIALS',
    })
    expect(h.requests).toContain('POST /api/v2/users/verify-legacy-password')
    expect(h.notices).toEqual([
      { kind: 'error', message: '로그인 실패: 이메일 또는 비밀번호가 올바르지 않습니다.', topic: 'sign-in' },
    ])
    expect(h.auth.store.getState()).toMatchObject({
      status: 'unauthenticated',
      user: null,
      error: '이메일 또는 비밀번호가 올바르지 않습니다.',
      isLoading: false,
    })
    expect(h.platform.cookieJar.has('auth_token')).toBe(false)
  })

  it.each([
    ['a 500', { kind: 'status', status: 500 }],
    ['a 503', { kind: 'status', status: 503 }],
    ['no answer', { kind: 'drop' }],
  ] as const)('the legacy check failing with %s is a server error: 로그인 중 오류가 발생했습니다', async (_, fault) => {
    const h = authPage(await createWorld())
    h.backend.faults.add({ path: '/api/v2/users/verify-legacy-password', ...fault })
    const result = await h.auth.signInWithPassword(legacyAccount.email, LEGACY_PASSWORD)
    expect(result).toEqual({ status: 'error', message: '로그인 중 오류가 발생했습니다', code: 'LOGIN_ERROR' })
    expect(h.requests).toContain('POST /api/v2/users/verify-legacy-password')
    expect(h.notices).toEqual([{ kind: 'error', message: '로그인 중 오류가 발생했습니다', topic: 'sign-in' }])
    expect(h.auth.store.getState()).toMatchObject({ status: 'unauthenticated', error: '로그인 중 오류가 발생했습니다' })
    expect(h.backend.context.users.platformByEmail(legacyAccount.email)).toBeUndefined()
  })

  it('a legacy account whose old password verifies is created here and needs its e-mail confirmed', async () => {
    const h = authPage(await createWorld())
    const result = await h.auth.signInWithPassword(legacyAccount.email, LEGACY_PASSWORD)
    expect(result).toEqual({ status: 'verification-required', email: legacyAccount.email, message: null })
    expect(h.requests).toEqual(
      expect.arrayContaining([
        'POST /api/v2/users/verify-legacy-password',
        'POST /auth/v1/signup',
        'POST /api/v2/users/create',
      ]),
    )
    expect(h.backend.mailbox.for(legacyAccount.email).map((mail) => mail.kind)).toEqual(['signup'])
    expect(h.backend.context.users.platformByEmail(legacyAccount.email)).toMatchObject({
      status: 0,
      oauthProviders: ['EMAIL'],
    })
    expect(h.auth.store.getState().status).toBe('unauthenticated')
    expect(h.notices).toEqual([])
  })

  it('an unconfirmed e-mail gets the confirmation again and a verification-needed result', async () => {
    const h = authPage(await createWorld())
    const before = h.backend.mailbox.for(unconfirmed.email).length
    const result = await h.auth.signInWithPassword(unconfirmed.email, DEMO_PASSWORD)
    expect(result).toEqual({ status: 'verification-required', email: unconfirmed.email, message: null })
    expect(h.backend.mailbox.for(unconfirmed.email).length).toBe(before + 1)
    expect(h.requests).toContain('POST /auth/v1/resend')
    expect(h.auth.store.getState().status).toBe('unauthenticated')
  })

  it('refuses an account with status 0: 계정이 활성화되지 않았습니다. 이메일을 확인해주세요., and keeps nothing', async () => {
    const h = authPage(await createWorld())
    const result = await h.auth.signInWithPassword(inactive.email, DEMO_PASSWORD)
    expect(result).toEqual({
      status: 'error',
      message: '계정이 활성화되지 않았습니다. 이메일을 확인해주세요.',
      code: 'ACCOUNT_NOT_ACTIVATED',
    })
    expect(h.notices).toEqual([
      { kind: 'error', message: '로그인 실패: 계정이 활성화되지 않았습니다. 이메일을 확인해주세요.', topic: 'sign-in' },
    ])
    expect(h.auth.store.getState()).toMatchObject({ status: 'unauthenticated', user: null, token: null })
    expect(h.auth.apiAuth.getAccessToken()).toBeNull()
    expect(h.platform.storage.get('auth_token')).toBeNull()
    expect(h.platform.storage.get('coursekit.supabase.auth')).toBeNull()
    expect(h.requests).toContain('POST /auth/v1/logout')
  })

  it('another refusal of the auth server toasts 로그인 실패: with its reason', async () => {
    const h = authPage(await createWorld())
    const result = await h.auth.signInWithPassword('', DEMO_PASSWORD)
    expect(result.status).toBe('error')
    expect(h.notices).toHaveLength(1)
    expect(h.notices[0]!.message).toMatch(/^로그인 실패: \S/)
  })

  it('an unreachable server toasts 로그인 중 오류가 발생했습니다', async () => {
    const h = authPage(await createWorld())
    await h.auth.start()
    h.backend.faults.add({ path: '/auth/v1/token', kind: 'drop' })
    const result = await h.auth.signInWithPassword(learner.email, DEMO_PASSWORD)
    expect(result).toMatchObject({ status: 'error', message: '로그인 중 오류가 발생했습니다' })
    expect(h.notices).toEqual([{ kind: 'error', message: '로그인 중 오류가 발생했습니다', topic: 'sign-in' }])
  })

  it('starts the service itself when the app signs in before start()', async () => {
    const world = await createWorld()
    const h = authPage(world, { url: `${APP_ORIGIN}/sign/in` })
    const result = await h.auth.signInWithPassword(learner.email, DEMO_PASSWORD)
    expect(result.status).toBe('signed-in')
    expect(h.auth.apiAuth.whenInitialized()).toBeNull()
  })
})
