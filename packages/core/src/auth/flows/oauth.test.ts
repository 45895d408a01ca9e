import { DEMO_PASSWORD, demoAccounts, legacyAccount } from '@coursekit/mock-server'
import { createWorld } from '@coursekit/testkit'
import { createClient } from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'
import type { OAuthCallbackResult } from '../auth-command-results.ts'
import { APP_ORIGIN, type AuthPage, authPage, callback, consent } from '../auth-test-page.ts'
import { decodeOAuthState } from './oauth-state.ts'

async function signInWith(
  provider: 'GOOGLE' | 'KAKAO',
  email: string,
  options: { page?: string; name?: string } = {},
): Promise<{ h: AuthPage; result: OAuthCallbackResult; location: string }> {
  const h = authPage(await createWorld(), { url: `${APP_ORIGIN}${options.page ?? '/courses/101'}` })
  const started = await h.auth.signInWithOAuth(provider)
  if (started.status !== 'redirecting') throw new Error('did not start')
  const location = await consent(h, started.url, email, options.name)
  const result = await callback(h, location)
  return { h, result, location }
}

describe('OAuth start', () => {
  it('builds the /auth/v1/authorize URL (PKCE), saves the target and a state, and goes there', async () => {
    const h = authPage(await createWorld(), { url: `${APP_ORIGIN}/courses/101?tab=reviews` })
    const result = await h.auth.signInWithOAuth('GOOGLE')
    expect(result.status).toBe('redirecting')
    const url = new URL((result as { url: string }).url)
    expect(`${url.origin}${url.pathname}`).toBe(`${h.backend.url}/auth/v1/authorize`)
    expect(url.searchParams.get('provider')).toBe('google')
    expect(url.searchParams.get('code_challenge_method')).toBe('s256')
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/)
    const back = new URL(url.searchParams.get('redirect_to')!)
    expect(`${back.origin}${back.pathname}`).toBe(`${APP_ORIGIN}/auth/callback`)
    expect(decodeOAuthState(back.searchParams.get('state'))).toEqual({
      redirectAfterLogin: '/courses/101?tab=reviews',
      provider: 'GOOGLE',
    })
    expect(h.platform.storage.get('redirectAfterOAuth')).toBe('/courses/101?tab=reviews')
    expect(h.platform.storage.get('coursekit.supabase.auth-code-verifier')).toBeTruthy()
    expect(h.navigations).toEqual([{ to: url.href, replace: false, delayMs: 0 }])
  })

  it('keeps a given target only when it is a path of the app, and can leave the navigation to the caller', async () => {
    const h = authPage(await createWorld())
    const result = await h.auth.signInWithOAuth('KAKAO', { redirectAfterLogin: '//evil.example', redirect: false })
    expect(new URL((result as { url: string }).url).searchParams.get('provider')).toBe('kakao')
    expect(h.platform.storage.get('redirectAfterOAuth')).toBe('/')
    expect(h.navigations).toEqual([])
  })

  it('OAuth 로그인 초기화 실패 when supabase-js cannot start the flow', async () => {
    const h = authPage(await createWorld(), { client: { supabaseUrl: 'not a url' } })
    const result = await h.auth.signInWithOAuth('GOOGLE')
    expect(result).toMatchObject({ status: 'error', message: 'OAuth 로그인 초기화 실패' })
    expect(h.notices.map((notice) => notice.message)).toEqual(['OAuth 로그인 초기화 실패'])
    expect(h.platform.storage.get('redirectAfterOAuth')).toBeNull()
  })
})

describe('OAuth callback', () => {
  it('GOOGLE, code exchange: the seeded Google account signs in (LINKED) and lands on the saved target after 1 s', async () => {
    const { h, result, location } = await signInWith('GOOGLE', demoAccounts.google.email)
    expect(new URL(location).searchParams.get('code')).toBeTruthy()
    expect(result).toMatchObject({
      status: 'signed-in',
      user: { id: demoAccounts.google.id, provider: 'GOOGLE' },
      redirectTo: '/courses/101',
    })
    expect(h.auth.store.getState()).toMatchObject({
      status: 'authenticated',
      accountLinkStatus: { action: 'LINKED', isNewProvider: false, providers: ['GOOGLE'] },
      profile: { hasProfile: true },
    })
    expect(JSON.parse(h.platform.storage.get('lastLoginInfo')!)).toMatchObject({ method: 'GOOGLE' })
    expect(h.requests).toEqual(
      expect.arrayContaining([
        'POST /auth/v1/token',
        'POST /api/v2/oauth/process',
        'POST /api/v2/auth/update-last-sign-in',
      ]),
    )
    expect(h.navigations.at(-1)).toEqual({ to: '/courses/101', replace: true, delayMs: 1_000 })
    expect(h.platform.navigations.at(-1)?.to).toBe('/courses/101')
    expect(h.platform.storage.get('redirectAfterOAuth')).toBeNull()
  })

  it('KAKAO, a new person: SIGNUP, and the incomplete profile goes to /sign/complete/{id}/{email} instead of the target', async () => {
    const email = 'kakao.newbie@coursekit.dev'
    const { h, result } = await signInWith('KAKAO', email, { name: '카카오 신입' })
    const user = h.auth.store.getState().user!
    const completion = `/sign/complete/${user.id}/${encodeURIComponent(email)}`
    expect(result).toMatchObject({
      status: 'signed-in',
      redirectTo: completion,
      profile: { name: '카카오 신입', hasProfile: false },
    })
    expect(h.auth.store.getState()).toMatchObject({
      accountLinkStatus: { action: 'SIGNUP', isNewProvider: true },
      role: 'USER',
      profileCompletion: 33,
    })
    expect(h.authEvents.find((event) => event.type === 'profileIncomplete')?.payload).toEqual({
      userId: user.id,
      email,
      completion: 33,
      redirectTo: completion,
    })
    expect(h.navigations.at(-1)).toEqual({ to: completion, replace: true, delayMs: 1_000 })
    expect(h.platform.sessionStorage.get('profileRedirectCount')).toBe('1')
  })

  it('GOOGLE on the e-mail account of the same address: LINKED as a new provider, with its message', async () => {
    const { h, result } = await signInWith('GOOGLE', demoAccounts.learner.email)
    expect(result).toMatchObject({ status: 'signed-in', user: { id: demoAccounts.learner.id, provider: 'GOOGLE' } })
    expect(h.auth.store.getState().accountLinkStatus).toMatchObject({
      action: 'LINKED',
      isNewProvider: true,
      hasLinkedAccounts: true,
      providers: ['EMAIL', 'GOOGLE'],
    })
    expect(h.notices).toEqual([{ kind: 'success', message: '구글 계정이 기존 계정에 연결되었습니다.' }])
  })

  it('ACCOUNT_CONFLICT: conflict, options and message; nobody is signed in', async () => {
    const { h, result } = await signInWith('KAKAO', legacyAccount.email)
    expect(result).toEqual({
      status: 'account-conflict',
      conflict: { email: legacyAccount.email, existingProviders: ['EMAIL'], attemptedProvider: 'KAKAO' },
      options: ['LOGIN_WITH_EXISTING', 'LINK_ACCOUNTS'],
      message: expect.any(String),
    })
    expect(h.auth.store.getState()).toMatchObject({
      status: 'unauthenticated',
      accountLinkStatus: { action: 'ACCOUNT_CONFLICT' },
    })
    expect(h.platform.storage.get('coursekit.supabase.auth')).toBeNull()
    expect(h.platform.storage.get('auth_token')).toBeNull()
  })

  it('an account with status 0: the verification-needed result, nobody signed in', async () => {
    const { h, result } = await signInWith('GOOGLE', demoAccounts.inactive.email)
    expect(result).toEqual({
      status: 'verification-required',
      email: demoAccounts.inactive.email,
      message: '계정이 활성화되지 않았습니다. 이메일을 확인해주세요.',
    })
    expect(h.auth.store.getState()).toMatchObject({
      status: 'unauthenticated',
      error: '계정이 활성화되지 않았습니다. 이메일을 확인해주세요.',
    })
  })

  it('tokens in the hash (implicit flow): set as the session', async () => {
    const h = authPage(await createWorld(), { url: `${APP_ORIGIN}/mentors` })
    const consentUrl = new URL(`${h.backend.url}/auth/v1/authorize/consent`)
    consentUrl.searchParams.set('provider', 'google')
    consentUrl.searchParams.set('redirect_to', `${APP_ORIGIN}/auth/callback?redirect=/mentors`)
    consentUrl.searchParams.set('email', demoAccounts.google.email)
    const answer = await h.backend.fetch(consentUrl, { redirect: 'manual' })
    const location = answer.headers.get('location')!
    expect(new URL(location).hash).toContain('access_token=')
    const result = await callback(h, location)
    expect(result).toMatchObject({ status: 'signed-in', user: { id: demoAccounts.google.id }, redirectTo: '/mentors' })
    expect(h.requests.some((request) => request.includes('pkce'))).toBe(false)
    expect(h.auth.store.getState().status).toBe('authenticated')
  })

  it('the redirect query wins over the state and the saved target, and is made safe', async () => {
    const h = authPage(await createWorld(), { url: `${APP_ORIGIN}/courses/101` })
    const started = await h.auth.signInWithOAuth('GOOGLE')
    const location = new URL(await consent(h, (started as { url: string }).url, demoAccounts.google.email))
    location.searchParams.set('redirect', '//evil.example/steal')
    const result = await callback(h, location.href)
    expect(result).toMatchObject({ status: 'signed-in', redirectTo: '/' })
  })

  it('a target under /sign/ becomes /', async () => {
    const { result } = await signInWith('GOOGLE', demoAccounts.google.email, { page: '/sign/in' })
    expect(result).toMatchObject({ status: 'signed-in', redirectTo: '/' })
  })

  it('the state carries the target when the saved one is gone (another tab, cleared storage)', async () => {
    const h = authPage(await createWorld(), { url: `${APP_ORIGIN}/lessons/7` })
    const started = await h.auth.signInWithOAuth('KAKAO')
    const location = await consent(h, (started as { url: string }).url, demoAccounts.google.email)
    h.platform.storage.remove('redirectAfterOAuth')
    const result = await callback(h, location)
    expect(result).toMatchObject({ status: 'signed-in', redirectTo: '/lessons/7' })
  })

  it('retrieves the session 3 times, 500 ms then 1000 ms apart, then 세션 정보가 없습니다 and back to sign-in', async () => {
    const h = authPage(await createWorld())
    await h.auth.start()
    h.platform.setLocation(`${APP_ORIGIN}/auth/callback`)
    let settled = false
    const pending = h.auth.handleOAuthCallback().finally(() => {
      settled = true
    })
    await h.advance(1_499, 1)
    expect(settled).toBe(false)
    await h.advance(1, 1)
    expect(settled).toBe(true)
    expect(await pending).toMatchObject({
      status: 'error',
      message: '세션 정보가 없습니다',
      code: 'NO_SESSION',
    })
    expect(h.notices).toEqual([{ kind: 'error', message: '세션 정보가 없습니다' }])
    expect(h.navigations).toEqual([{ to: '/sign/in', replace: true, delayMs: 0 }])
  })

  it('finds a session that appears between retrieval attempts', async () => {
    const h = authPage(await createWorld())
    await h.auth.start()
    // Another client puts a session where supabase-js reads it, after the first attempt.
    const other = new Map<string, string>()
    const supabase = createClient(h.backend.url, h.backend.anonKey, {
      global: { fetch: h.backend.fetch },
      auth: {
        storageKey: 'coursekit.supabase.auth',
        storage: {
          getItem: (k) => other.get(k) ?? null,
          setItem: (k, v) => void other.set(k, v),
          removeItem: (k) => void other.delete(k),
        },
        autoRefreshToken: false,
        detectSessionInUrl: false,
      },
    })
    await supabase.auth.signInWithPassword({ email: demoAccounts.learner.email, password: DEMO_PASSWORD })
    h.platform.setLocation(`${APP_ORIGIN}/auth/callback`)
    const pending = h.auth.handleOAuthCallback()
    await h.advance(300, 100)
    h.platform.storage.set('coursekit.supabase.auth', other.get('coursekit.supabase.auth')!)
    await h.advance(3_000, 100)
    expect(await pending).toMatchObject({ status: 'signed-in', user: { id: demoAccounts.learner.id } })
  })

  it('a second callback while one runs waits (polling every 500 ms) and gets the same outcome; one exchange', async () => {
    const h = authPage(await createWorld(), { url: `${APP_ORIGIN}/courses/101` })
    const started = await h.auth.signInWithOAuth('GOOGLE')
    h.platform.setLocation(await consent(h, (started as { url: string }).url, demoAccounts.google.email))
    const first = h.auth.handleOAuthCallback()
    const second = h.auth.handleOAuthCallback()
    await h.advance(3_000, 100)
    const [a, b] = await Promise.all([first, second])
    expect(a).toMatchObject({ status: 'signed-in' })
    expect(b).toBe(a)
    expect(h.requests.filter((request) => request === 'POST /auth/v1/token')).toHaveLength(1)
    expect(h.requests.filter((request) => request === 'POST /api/v2/oauth/process')).toHaveLength(1)
  })

  it('the second callback gives up after 10 s when the first is still running', async () => {
    // oauth/process hangs until released (outside the requests the harness waits for).
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    const h = authPage(await createWorld(), {
      wrapFetch: (fetch) => async (input, init) => {
        if (new Request(input, init).url.endsWith('/oauth/process')) await held
        return fetch(input, init)
      },
    })
    const started = await h.auth.signInWithOAuth('GOOGLE')
    h.platform.setLocation(await consent(h, (started as { url: string }).url, demoAccounts.google.email))
    const first = h.auth.handleOAuthCallback()
    let secondDone = false
    const second = h.auth.handleOAuthCallback().finally(() => {
      secondDone = true
    })
    await h.advance(9_900, 100)
    expect(secondDone).toBe(false)
    await h.advance(200, 100)
    expect(await second).toMatchObject({ status: 'error', code: 'OAUTH_IN_PROGRESS' })
    release()
    await h.advance(2_000, 100)
    expect(await first).toMatchObject({ status: 'signed-in' })
  })

  it('사용자 식별 정보 누락 when the session has no e-mail', async () => {
    const h = authPage(await createWorld(), {
      wrapFetch: (fetch) => async (input, init) => {
        const answer = await fetch(input, init)
        if (!new Request(input, init).url.includes('grant_type=pkce')) return answer
        const body = await answer.json()
        body.user.email = ''
        return Response.json(body, { status: answer.status, headers: answer.headers })
      },
    })
    const started = await h.auth.signInWithOAuth('KAKAO')
    const result = await callback(h, await consent(h, (started as { url: string }).url, 'someone@coursekit.dev'))
    expect(result).toMatchObject({ status: 'error', message: '사용자 식별 정보 누락' })
    expect(h.notices).toEqual([{ kind: 'error', message: '사용자 식별 정보 누락' }])
    expect(h.requests).not.toContain('POST /api/v2/oauth/process')
    expect(h.auth.store.getState().status).toBe('unauthenticated')
  })

  it('사용자 식별 정보 누락 also when the server says so', async () => {
    const h = authPage(await createWorld(), {
      wrapFetch: (fetch) => async (input, init) => {
        const request = new Request(input, init)
        if (!request.url.endsWith('/api/v2/oauth/process')) return fetch(request)
        const body = await request.json()
        return fetch(new Request(request, { body: JSON.stringify({ ...body, supabaseUserId: ' ' }) }))
      },
    })
    const started = await h.auth.signInWithOAuth('GOOGLE')
    const result = await callback(h, await consent(h, (started as { url: string }).url, demoAccounts.google.email))
    expect(result).toMatchObject({ status: 'error', message: '사용자 식별 정보 누락', code: 'BAD_REQUEST' })
    expect(h.notices).toEqual([{ kind: 'error', message: '사용자 식별 정보 누락' }])
  })

  it('OAuth 인증 처리 중 오류 발생 when oauth/process fails, and when the provider refused', async () => {
    const h = authPage(await createWorld())
    h.backend.faults.add({ path: '/api/v2/oauth/process', kind: 'status', status: 500, count: 1 })
    const started = await h.auth.signInWithOAuth('GOOGLE')
    const failed = await callback(h, await consent(h, (started as { url: string }).url, demoAccounts.google.email))
    expect(failed).toMatchObject({ status: 'error', message: 'OAuth 인증 처리 중 오류 발생' })
    expect(h.auth.store.getState().status).toBe('unauthenticated')

    const denied = await callback(h, `${APP_ORIGIN}/auth/callback?error=access_denied&error_description=cancelled`)
    expect(denied).toMatchObject({ status: 'error', message: 'OAuth 인증 처리 중 오류 발생', code: 'access_denied' })
    expect(h.notices.map((notice) => notice.message)).toEqual([
      'OAuth 인증 처리 중 오류 발생',
      'OAuth 인증 처리 중 오류 발생',
    ])
    expect(h.navigations.filter((n) => n.to === '/sign/in')).toHaveLength(2)
  })
})
