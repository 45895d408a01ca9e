import { DEMO_PASSWORD, demoAccounts } from '@coursekit/mock-server'
import { createWorld } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import { APP_ORIGIN, type AuthPage, authPage, callback, consent } from '../auth-test-page.ts'

const { incomplete, learner } = demoAccounts
const completionPath = `/sign/complete/${incomplete.id}/${encodeURIComponent(incomplete.email)}`
const PHONE = '010-5555-6666'

/** The incomplete demo account signed in from `page`, now on the completion page it was sent to. */
async function onCompletionPage(page: string): Promise<AuthPage> {
  const h = authPage(await createWorld(), { url: `${APP_ORIGIN}${page}` })
  await h.auth.signInWithPassword(incomplete.email, DEMO_PASSWORD)
  expect(h.navigations.at(-1)?.to).toBe(completionPath)
  h.platform.setLocation(`${APP_ORIGIN}${completionPath}`)
  return h
}

/** Sends a code through the client and reads it from the dev SMS outbox. */
async function codeFor(h: AuthPage, phone: string): Promise<string> {
  const sent = await h.auth.sendPhoneCode(phone)
  expect(sent.status).toBe('sent')
  return h.backend.sms.for(phone).at(-1)!.code
}

describe('phone verification (decisions.md)', () => {
  it('sends a code, with when it expires and when another may go, on the client’s clock', async () => {
    const h = await onCompletionPage('/courses')
    const now = h.clock.now()
    expect(await h.auth.sendPhoneCode('+82 10 5555 6666')).toEqual({
      status: 'sent',
      phone: PHONE,
      expiresAt: now + 180_000,
      resendAt: now + 60_000,
    })
    h.clock.tick(20_000)
    expect(await h.auth.sendPhoneCode(PHONE)).toEqual({
      status: 'too-soon',
      message: '인증번호는 1분에 한 번만 요청할 수 있습니다. 잠시 후 다시 시도해주세요.',
      resendAt: now + 60_000,
    })
    expect(h.notices).toEqual([])
  })

  it('verifies the code; a wrong one is rejected with the server’s words', async () => {
    const h = await onCompletionPage('/courses')
    const code = await codeFor(h, PHONE)
    const wrong = code === '000000' ? '111111' : '000000'
    expect(await h.auth.verifyPhoneCode(PHONE, wrong)).toEqual({
      status: 'rejected',
      reason: 'mismatch',
      message: '인증번호가 올바르지 않습니다.',
    })
    const verified = await h.auth.verifyPhoneCode('01055556666', code)
    expect(verified).toMatchObject({ status: 'verified', phone: PHONE })
  })

  it('refuses what is not a Korean mobile number or a 6-digit code before asking the server', async () => {
    const h = await onCompletionPage('/courses')
    const before = h.requests.length
    expect(await h.auth.sendPhoneCode('02-123-4567')).toEqual({
      status: 'error',
      message: '올바른 휴대폰 번호를 입력해주세요.',
      code: 'INVALID_PHONE',
    })
    expect(await h.auth.verifyPhoneCode(PHONE, '12 34')).toMatchObject({
      message: '인증번호 6자리를 입력해주세요.',
      code: 'INVALID_CODE',
    })
    expect(h.requests).toHaveLength(before)
  })
})

describe('completeProfile', () => {
  it('saves name, nickname and the verified phone, and goes where the person was going (the sign-in page’s redirect)', async () => {
    const h = await onCompletionPage('/sign/in?redirect=%2Fcourses%2F101%3Ftab%3Dreviews')
    const code = await codeFor(h, PHONE)
    const verified = await h.auth.verifyPhoneCode(PHONE, code)
    if (verified.status !== 'verified') throw new Error('not verified')
    const result = await h.auth.completeProfile({
      name: ' 이새롬 ',
      nickname: '새롬',
      phone: '01055556666',
      phoneVerificationToken: verified.verificationToken,
    })
    expect(result).toMatchObject({
      status: 'completed',
      redirectTo: '/courses/101?tab=reviews',
      profile: { name: '이새롬', nickname: '새롬', phone: PHONE, hasProfile: true },
    })
    expect(h.auth.store.getState()).toMatchObject({ profileCompletion: 100, profile: { hasProfile: true } })
    expect(h.navigations.at(-1)).toEqual({ to: '/courses/101?tab=reviews', replace: true, delayMs: 0 })
    expect(h.backend.context.users.platform.get(incomplete.id)).toMatchObject({ nickname: '새롬', phone: PHONE })
    // Complete now: no page sends it to completion any more.
    h.platform.setLocation(`${APP_ORIGIN}/lessons`)
    expect(h.auth.requireCompleteProfile()).toBeNull()
  })

  it('after a gated page sent the person, goes back to that page; skipping does too', async () => {
    const h = await onCompletionPage('/courses')
    h.platform.setLocation(`${APP_ORIGIN}/my/devices?tab=all`)
    expect(h.auth.requireCompleteProfile()).toBe(completionPath)
    h.platform.setLocation(`${APP_ORIGIN}${completionPath}`)
    expect(h.auth.skipProfileCompletion()).toBe('/my/devices?tab=all')
    expect(h.navigations.at(-1)).toEqual({ to: '/my/devices?tab=all', replace: true, delayMs: 0 })
    // Taken once: a second skip has nowhere kept to go.
    expect(h.auth.skipProfileCompletion()).toBe('/')
  })

  it('after an OAuth SIGNUP, goes to the page the sign-in started from', async () => {
    const h = authPage(await createWorld(), { url: `${APP_ORIGIN}/courses/102` })
    const started = await h.auth.signInWithOAuth('KAKAO')
    if (started.status !== 'redirecting') throw new Error('did not start')
    const signedIn = await callback(h, await consent(h, started.url, 'kakao.newbie@coursekit.dev', '카카오 신입'))
    expect(signedIn).toMatchObject({ status: 'signed-in', redirectTo: expect.stringMatching(/^\/sign\/complete\//) })
    const code = await codeFor(h, PHONE)
    const verified = await h.auth.verifyPhoneCode(PHONE, code)
    if (verified.status !== 'verified') throw new Error('not verified')
    const result = await h.auth.completeProfile({
      name: '카카오 신입',
      nickname: '카신',
      phone: PHONE,
      phoneVerificationToken: verified.verificationToken,
    })
    expect(result).toMatchObject({ status: 'completed', redirectTo: '/courses/102', profile: { provider: 'KAKAO' } })
  })

  it('a hostile or sign-in target kept for afterwards becomes /', async () => {
    for (const page of ['/sign/in?redirect=%2F%2Fevil.example', '/sign/in?redirect=%2Fsign%2Fup', '/sign/in']) {
      const h = await onCompletionPage(page)
      expect([page, h.auth.skipProfileCompletion()]).toEqual([page, '/'])
    }
  })

  it('DUPLICATE_PHONE: 계정 생성 실패 with the error and the suggestion, nothing saved, still on the page', async () => {
    const h = await onCompletionPage('/courses')
    const code = await codeFor(h, learner.profile.phone)
    const verified = await h.auth.verifyPhoneCode(learner.profile.phone, code)
    if (verified.status !== 'verified') throw new Error('not verified')
    const navigationsBefore = h.navigations.length
    const result = await h.auth.completeProfile({
      name: '이새롬',
      nickname: '새롬',
      phone: learner.profile.phone,
      phoneVerificationToken: verified.verificationToken,
    })
    expect(result).toEqual({
      status: 'error',
      message: '이미 가입된 휴대폰 번호입니다.',
      code: 'DUPLICATE_PHONE',
      suggestion: '다른 휴대폰 번호를 입력하시거나, 해당 번호로 가입한 계정으로 로그인해주세요.',
    })
    expect(h.notices.at(-1)).toEqual({
      kind: 'error',
      message: '계정 생성 실패',
      description:
        '이미 가입된 휴대폰 번호입니다. 다른 휴대폰 번호를 입력하시거나, 해당 번호로 가입한 계정으로 로그인해주세요.',
    })
    expect(h.navigations).toHaveLength(navigationsBefore)
    expect(h.auth.store.getState().profile?.hasProfile).toBe(false)
  })

  it('says what is missing before asking the server: a field, a phone not verified, nobody signed in', async () => {
    const h = await onCompletionPage('/courses')
    const before = h.requests.length
    const fields = { name: '이새롬', nickname: '새롬', phone: PHONE }
    expect(await h.auth.completeProfile({ ...fields, name: '  ' })).toMatchObject({ message: '이름을 입력해주세요.' })
    expect(await h.auth.completeProfile({ ...fields, nickname: '' })).toMatchObject({
      message: '닉네임을 입력해주세요.',
    })
    expect(await h.auth.completeProfile({ ...fields, phone: '1234' })).toMatchObject({
      message: '올바른 휴대폰 번호를 입력해주세요.',
    })
    expect(await h.auth.completeProfile(fields)).toMatchObject({
      message: '휴대폰 번호 인증이 필요합니다.',
      code: 'PHONE_NOT_VERIFIED',
    })
    expect(h.requests).toHaveLength(before)
    await h.auth.logout()
    expect(await h.auth.completeProfile(fields)).toMatchObject({ message: '로그인이 필요합니다.' })
  })
})
