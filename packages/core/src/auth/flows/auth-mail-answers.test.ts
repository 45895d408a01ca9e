import { createWorld } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import type { FetchLike } from '../../kernel/ports.ts'
import { APP_ORIGIN, allConsents, authPage, callback, consent, MINUTE } from '../auth-test-page.ts'

const newcomer = { email: 'newcomer@coursekit.dev', password: 'newcomer-pass-1' }

/**
 * GoTrue's own answer to the next `method path` request (the stand-in's may differ, or not exist
 * yet): the request is not sent on; every other request is.
 */
function answerOnce(method: string, path: string, status: number, body: unknown) {
  let used = false
  return (fetch: FetchLike): FetchLike =>
    async (input, init) => {
      const request = new Request(input, init)
      if (!used && request.method === method && new URL(request.url).pathname === path) {
        used = true
        return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
      }
      return fetch(request)
    }
}

const tooSoon = (seconds: number) => ({
  code: 'over_email_send_rate_limit',
  error_code: 'over_email_send_rate_limit',
  msg: `For security purposes, you can only request this after ${seconds} seconds.`,
})

describe('sign-up consents', () => {
  it('sends nothing until 이용약관, 개인정보 수집·이용 and 만 14세 이상 are all given', async () => {
    const h = authPage(await createWorld())
    const result = await h.auth.signUp({ ...newcomer, consents: { terms: true, privacy: true } })
    expect(result).toEqual({ status: 'error', message: '필수 약관에 모두 동의해주세요.', code: 'CONSENT_REQUIRED' })
    expect(await h.auth.signUp(newcomer)).toMatchObject({ code: 'CONSENT_REQUIRED' })
    expect(h.requests.filter((request) => !request.startsWith('GET'))).toEqual([])
    expect(h.notices).toEqual([])
  })

  it('keeps the consents and their time with the account, as its user metadata', async () => {
    const h = authPage(await createWorld())
    await h.auth.signUp({ ...newcomer, consents: allConsents })
    const user = h.backend.context.users.authByEmail(newcomer.email)
    expect(user?.userMetadata).toMatchObject({
      consents: { terms: true, privacy: true, age14: true, agreedAt: new Date(h.clock.now()).toISOString() },
    })
  })
})

describe('a repeated sign-up of a confirmed address', () => {
  it("GoTrue's made-up user (no identities) gets the same check-your-e-mail answer and no users/create", async () => {
    const obfuscated = {
      id: crypto.randomUUID(),
      aud: 'authenticated',
      role: '',
      email: newcomer.email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: {},
      identities: [],
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
      is_anonymous: false,
    }
    const h = authPage(await createWorld(), { wrapFetch: answerOnce('POST', '/auth/v1/signup', 200, obfuscated) })
    const result = await h.auth.signUp({ ...newcomer, consents: allConsents })
    expect(result).toEqual({ status: 'verification-required', email: newcomer.email, message: null })
    expect(h.requests).not.toContain('POST /api/v2/users/create')
    expect(h.notices).toEqual([])
    expect(h.auth.store.getState()).toMatchObject({ isLoading: false, error: null })
  })
})

describe('too many mails (429 over_email_send_rate_limit)', () => {
  it('a resend says how long to wait, without a toast, and the address counts down on the client clock', async () => {
    const h = authPage(await createWorld(), { wrapFetch: answerOnce('POST', '/auth/v1/resend', 429, tooSoon(42)) })
    const result = await h.auth.resendConfirmation(newcomer.email)
    expect(result).toEqual({
      status: 'error',
      message: '보안을 위해 메일은 42초 후에 다시 보낼 수 있습니다.',
      code: 'over_email_send_rate_limit',
      waitSeconds: 42,
    })
    expect(h.notices).toEqual([])
    const seen: number[] = []
    h.auth.mailCooldown.subscribe(newcomer.email, () => seen.push(h.auth.mailCooldown.secondsLeft(newcomer.email)))
    expect(h.auth.mailCooldown.secondsLeft('NEWCOMER@coursekit.dev')).toBe(42)
    await h.advance(2_000, 1_000)
    expect(seen).toEqual([41, 40])
    await h.advance(40_000, 1_000)
    expect(h.auth.mailCooldown.secondsLeft(newcomer.email)).toBe(0)
    expect(seen.at(-1)).toBe(0)
  })

  it('a password reset request too soon is no 비밀번호 재설정 이메일 발송 실패: it says how long, and counts down', async () => {
    const h = authPage(await createWorld(), { wrapFetch: answerOnce('POST', '/auth/v1/recover', 429, tooSoon(17)) })
    const result = await h.auth.requestPasswordReset('learner@coursekit.dev')
    expect(result).toMatchObject({ status: 'error', code: 'over_email_send_rate_limit', waitSeconds: 17 })
    expect(result.status === 'error' && result.message).toBe('보안을 위해 메일은 17초 후에 다시 보낼 수 있습니다.')
    expect(h.notices).toEqual([])
    expect(h.auth.mailCooldown.secondsLeft('learner@coursekit.dev')).toBe(17)
  })

  it('a sign-up too soon says how long, and creates no platform record', async () => {
    const h = authPage(await createWorld(), { wrapFetch: answerOnce('POST', '/auth/v1/signup', 429, tooSoon(30)) })
    const result = await h.auth.signUp({ ...newcomer, consents: allConsents })
    expect(result).toMatchObject({ status: 'error', code: 'over_email_send_rate_limit', waitSeconds: 30 })
    expect(h.requests).not.toContain('POST /api/v2/users/create')
    expect(h.notices).toEqual([])
    expect(h.auth.mailCooldown.secondsLeft(newcomer.email)).toBe(30)
  })

  it('signing in unconfirmed within the window still needs verification, and the resend counts down', async () => {
    const h = authPage(await createWorld(), { wrapFetch: answerOnce('POST', '/auth/v1/resend', 429, tooSoon(25)) })
    await h.auth.signUp({ ...newcomer, consents: allConsents })
    const result = await h.auth.signInWithPassword(newcomer.email, newcomer.password)
    expect(result).toMatchObject({ status: 'verification-required', email: newcomer.email })
    expect(h.auth.mailCooldown.secondsLeft(newcomer.email)).toBe(25)
  })
})

describe('an expired or used link on /auth/callback', () => {
  it('a confirmation link followed again says so, keeps the page, and knows the address it went to', async () => {
    const h = authPage(await createWorld())
    await h.auth.signUp({ ...newcomer, consents: allConsents })
    const link = h.backend.mailbox.for(newcomer.email)[0]!.link
    await h.backend.fetch(link, { redirect: 'manual' })
    const again = await h.backend.fetch(link, { redirect: 'manual' })
    const result = await callback(h, again.headers.get('location')!)
    expect(result).toEqual({
      status: 'link-expired',
      flow: 'signup',
      email: newcomer.email,
      message: '인증 링크가 만료되었거나 이미 사용되었습니다.',
    })
    expect(h.notices).toEqual([])
    expect(h.navigations).toEqual([])
  })

  it('a confirmation code exchanged after the flow expired (flow_state_expired) is the same expired link', async () => {
    const h = authPage(await createWorld())
    await h.auth.signUp({ ...newcomer, consents: allConsents })
    const link = h.backend.mailbox.for(newcomer.email)[0]!.link
    const landing = await h.backend.fetch(link, { redirect: 'manual' })
    await h.advance(6 * MINUTE, MINUTE)
    const result = await callback(h, landing.headers.get('location')!)
    expect(result).toMatchObject({ status: 'link-expired', flow: 'signup', email: newcomer.email })
    expect(h.notices).toEqual([])
    expect(h.navigations).toEqual([])
  })

  it('a link from a browser that asked no mail knows no address', async () => {
    const h = authPage(await createWorld())
    const result = await callback(
      h,
      `${APP_ORIGIN}/auth/callback?error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired`,
    )
    expect(result).toMatchObject({ status: 'link-expired', flow: 'signup', email: null })
  })

  it('a Google sign-in back after its 5 minutes is an expired sign-in, not a confirmation', async () => {
    const h = authPage(await createWorld(), { url: `${APP_ORIGIN}/courses/101` })
    const started = await h.auth.signInWithOAuth('GOOGLE')
    if (started.status !== 'redirecting') throw new Error('did not start')
    const location = await consent(h, started.url, 'slow@coursekit.dev')
    await h.advance(6 * MINUTE, MINUTE)
    const navigatedBefore = h.navigations.length
    const result = await callback(h, location)
    expect(result).toEqual({
      status: 'link-expired',
      flow: 'oauth',
      email: null,
      message: '로그인 시간이 초과되었습니다. 처음부터 다시 로그인해주세요.',
    })
    expect(h.navigations.slice(navigatedBefore)).toEqual([])
  })
})
