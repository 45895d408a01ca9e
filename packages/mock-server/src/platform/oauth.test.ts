import { ApiErrorBody, OAuthProcessResponse } from '@coursekit/core/contract'
import { accessToken } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import { demoAccounts, legacyAccount } from '../demo-accounts.ts'
import { caller, createPlatformTestBed, expectBody } from './test-helpers.ts'

const PATH = '/api/v2/oauth/process'
const NEW_ID = '99999999-0000-4000-8000-000000000099'
const { learner, google, inactive } = demoAccounts

describe('POST /api/v2/oauth/process', () => {
  it('signs a new person up, creating the platform record that still needs a profile', async () => {
    const { anonymous, backend } = await createPlatformTestBed()
    const answer = await anonymous.post(PATH, {
      supabaseUserId: NEW_ID,
      email: 'Kakao.Friend@coursekit.dev',
      provider: 'KAKAO',
      name: '오카카',
      profileImage: 'https://k.kakaocdn.net/profile.jpg',
    })
    const body = expectBody(answer, 200, OAuthProcessResponse)
    expect(body).toMatchObject({
      action: 'SIGNUP',
      needsProfile: true,
      providers: ['KAKAO'],
      user: { id: NEW_ID, email: 'kakao.friend@coursekit.dev', name: '오카카', provider: 'KAKAO', status: 1 },
    })
    expect(body.message).toMatch(/카카오/)
    expect(backend.context.users.platform.get(NEW_ID)?.profileImagePath).toBe('https://k.kakaocdn.net/profile.jpg')
  })

  it('links a returning user whose provider is already known', async () => {
    const bed = await createPlatformTestBed()
    const answer = await (await bed.as('google')).post(PATH, {
      supabaseUserId: google.id,
      email: google.email,
      provider: 'GOOGLE',
    })
    const body = expectBody(answer, 200, OAuthProcessResponse)
    expect(body).toMatchObject({
      action: 'LINKED',
      isNewProvider: false,
      needsProfile: false,
      hasLinkedAccounts: false,
      providers: ['GOOGLE'],
    })
    expect(body.user?.id).toBe(google.id)
  })

  it('links a new provider to the same user and remembers it', async () => {
    const bed = await createPlatformTestBed()
    const { backend } = bed
    const own = await bed.as('learner')
    const answer = await own.post(PATH, {
      supabaseUserId: learner.id,
      email: learner.email,
      provider: 'KAKAO',
      name: null,
    })
    const body = expectBody(answer, 200, OAuthProcessResponse)
    expect(body).toMatchObject({
      action: 'LINKED',
      isNewProvider: true,
      hasLinkedAccounts: true,
      providers: ['EMAIL', 'KAKAO'],
    })
    expect(backend.context.users.platform.get(learner.id)?.oauthProviders).toEqual(['EMAIL', 'KAKAO'])
    const again = expectBody(
      await own.post(PATH, { supabaseUserId: learner.id, email: learner.email, provider: 'KAKAO' }),
      200,
      OAuthProcessResponse,
    )
    expect(again.isNewProvider).toBe(false)
  })

  it('reports an account conflict when another account owns the e-mail, creating nothing', async () => {
    const { anonymous, backend } = await createPlatformTestBed()
    const answer = await anonymous.post(PATH, { supabaseUserId: NEW_ID, email: learner.email, provider: 'GOOGLE' })
    const body = expectBody(answer, 200, OAuthProcessResponse)
    expect(body).toMatchObject({
      action: 'ACCOUNT_CONFLICT',
      user: null,
      conflict: { email: learner.email, existingProviders: ['EMAIL'], attemptedProvider: 'GOOGLE' },
      options: ['LOGIN_WITH_EXISTING', 'LINK_ACCOUNTS'],
    })
    expect(body.message).toBe('이미 이메일로 가입된 이메일입니다. 기존 계정으로 로그인하거나 계정을 연결해주세요.')
    expect(backend.context.users.platform.has(NEW_ID)).toBe(false)
  })

  it('reports a conflict for an e-mail still owned by the legacy platform', async () => {
    const { anonymous } = await createPlatformTestBed()
    const answer = await anonymous.post(PATH, { supabaseUserId: NEW_ID, email: legacyAccount.email, provider: 'KAKAO' })
    expect(expectBody(answer, 200, OAuthProcessResponse).action).toBe('ACCOUNT_CONFLICT')
  })

  it("a conflict's refused Supabase user gives way when its address is signed up or signed in to, never an account's own", async () => {
    const { anonymous, backend } = await createPlatformTestBed({
      legacyAccounts: [{ userId: 'legacy-20001', email: 'old.member@coursekit.dev', password: 'old-password-1' }],
    })
    const { users } = backend.context
    const kakao = (email: string) => ({ provider: 'kakao' as const, providerUserId: `kakao-${email}`, createdAt: 0 })
    const email = 'old.member@coursekit.dev'
    const refused = users.newAuthUser({ email, emailConfirmedAt: 0, identities: [kakao(email)] })
    const answer = await anonymous.post(PATH, { supabaseUserId: refused.id, email, provider: 'KAKAO' })
    expect(expectBody(answer, 200, OAuthProcessResponse).action).toBe('ACCOUNT_CONFLICT')
    // Still there while the client signs its session out.
    expect(users.auth.has(refused.id)).toBe(true)
    const refusedToken = caller(backend, await accessToken(backend, refused))
    expect((await refusedToken.get(`/api/users/${refused.id}`)).status).toBe(404)
    // The owner moves the legacy account over: Supabase Auth takes the address again.
    const signUp = await backend.fetch(`${backend.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'old-password-1' }),
    })
    expect(signUp.status).toBe(200)
    expect(users.auth.has(refused.id)).toBe(false)
    // Deleted with its sessions, as GoTrue's admin delete: its token works nowhere.
    expect((await refusedToken.get(`/api/users/${refused.id}`)).status).toBe(401)
    expect(users.authByEmail(email)?.id).not.toBe(refused.id)

    // A user with a password (an account of its own) is never marked.
    const withPassword = users.newAuthUser({ email: legacyAccount.email, passwordHash: 'x', identities: [] })
    await anonymous.post(PATH, { supabaseUserId: withPassword.id, email: legacyAccount.email, provider: 'GOOGLE' })
    users.releaseRefused(legacyAccount.email)
    expect(users.auth.has(withPassword.id)).toBe(true)
  })

  it('asks for verification when the account is not activated (status 0)', async () => {
    const bed = await createPlatformTestBed()
    const { backend } = bed
    const answer = await (await bed.as('inactive')).post(PATH, {
      supabaseUserId: inactive.id,
      email: inactive.email,
      provider: 'GOOGLE',
    })
    const body = expectBody(answer, 200, OAuthProcessResponse)
    expect(body).toMatchObject({
      action: 'VERIFICATION_REQUIRED',
      message: '계정이 활성화되지 않았습니다. 이메일을 확인해주세요.',
    })
    expect(backend.context.users.platform.get(inactive.id)?.oauthProviders).toEqual(['EMAIL'])
  })

  it('reads or links an existing record only for its own bearer: 401 without one, 403 with another’s', async () => {
    const bed = await createPlatformTestBed()
    const body = { supabaseUserId: learner.id, email: learner.email, provider: 'KAKAO' }
    const anonymous = expectBody(await bed.anonymous.post(PATH, body), 401, ApiErrorBody)
    expect(anonymous).toEqual({
      error: 'Authentication required',
      message: 'Authentication required',
      code: 'UNAUTHORIZED',
    })
    const foreign = expectBody(await (await bed.as('admin')).post(PATH, body), 403, ApiErrorBody)
    expect(foreign.code).toBe('FORBIDDEN')
    expect(bed.backend.context.users.platform.get(learner.id)?.oauthProviders).toEqual(['EMAIL'])
  })

  it('rejects a missing or blank id or e-mail with 사용자 식별 정보 누락', async () => {
    const { anonymous, backend } = await createPlatformTestBed()
    const before = backend.context.users.platform.size
    for (const body of [
      { email: 'x@coursekit.dev', provider: 'GOOGLE' },
      { supabaseUserId: NEW_ID, provider: 'GOOGLE' },
      { supabaseUserId: '', email: 'x@coursekit.dev', provider: 'GOOGLE' },
      { supabaseUserId: NEW_ID, email: '   ', provider: 'GOOGLE' },
      { supabaseUserId: null, email: 'x@coursekit.dev', provider: 'GOOGLE' },
      {},
    ]) {
      const error = expectBody(await anonymous.post(PATH, body), 400, ApiErrorBody)
      expect(error.error).toBe('사용자 식별 정보 누락')
    }
    expect(backend.context.users.platform.size).toBe(before)
  })

  it('answers 400 for other wrong field types', async () => {
    const { anonymous, backend } = await createPlatformTestBed()
    for (const body of [
      { supabaseUserId: NEW_ID, email: 'x@coursekit.dev', provider: 'NAVER' },
      { supabaseUserId: NEW_ID, email: 42, provider: 'GOOGLE' },
      { supabaseUserId: NEW_ID, email: 'x@coursekit.dev', provider: 'GOOGLE', name: 7 },
    ]) {
      expect((await anonymous.post(PATH, body)).status).toBe(400)
    }
    expect((await anonymous.request('POST', PATH, 'not json')).status).toBe(400)
    expect(backend.context.users.platform.has(NEW_ID)).toBe(false)
  })
})
