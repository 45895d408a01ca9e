import { DEMO_PASSWORD, demoAccounts } from '@coursekit/mock-server'
import { createWorld } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import { APP_ORIGIN, type AuthPage, authPage } from '../auth-test-page.ts'
import { createProfileCompletionFlow, type ProfileCompletionFlow } from './profile-completion-flow.ts'

const { incomplete, learner } = demoAccounts
const PHONE = '010-5555-6666'

async function completionPage(): Promise<{ h: AuthPage; flow: ProfileCompletionFlow; seen: () => number }> {
  const h = authPage(await createWorld(), { url: `${APP_ORIGIN}/courses` })
  await h.auth.signInWithPassword(incomplete.email, DEMO_PASSWORD)
  h.platform.setLocation(`${APP_ORIGIN}${h.navigations.at(-1)!.to}`)
  const flow = createProfileCompletionFlow(h.auth, h.clock)
  let renders = 0
  flow.subscribe(() => renders++)
  return { h, flow, seen: () => renders }
}

const lastCode = (h: AuthPage, phone = PHONE) => h.backend.sms.for(phone).at(-1)!.code

describe('the completion page’s flow', () => {
  it('counts down the code’s 3 minutes and the minute before a resend, each second on the client’s clock', async () => {
    const { h, flow } = await completionPage()
    const othersTimers = h.clock.pendingTimers()
    await flow.sendCode('01055556666')
    expect(flow.getSnapshot()).toMatchObject({
      phoneStatus: 'code-sent',
      phone: PHONE,
      codeSecondsLeft: 180,
      resendSecondsLeft: 60,
      phoneError: null,
    })
    await h.clock.tickAsync(1_000)
    expect(flow.getSnapshot()).toMatchObject({ codeSecondsLeft: 179, resendSecondsLeft: 59 })
    await h.clock.tickAsync(59_000)
    expect(flow.getSnapshot()).toMatchObject({ codeSecondsLeft: 120, resendSecondsLeft: 0 })
    await h.clock.tickAsync(120_000)
    expect(flow.getSnapshot()).toMatchObject({ phoneStatus: 'idle', codeSecondsLeft: null })
    // Nothing of the flow runs once the countdowns are over.
    expect(h.clock.pendingTimers()).toBe(othersTimers)
  })

  it('runs no timer while nobody listens', async () => {
    const h = authPage(await createWorld(), { url: `${APP_ORIGIN}/courses` })
    await h.auth.signInWithPassword(incomplete.email, DEMO_PASSWORD)
    const timersBefore = h.clock.pendingTimers()
    const flow = createProfileCompletionFlow(h.auth, h.clock)
    await flow.sendCode(PHONE)
    expect(h.clock.pendingTimers()).toBe(timersBefore)
    const stop = flow.subscribe(() => {})
    expect(h.clock.pendingTimers()).toBe(timersBefore + 1)
    stop()
    expect(h.clock.pendingTimers()).toBe(timersBefore)
  })

  it('a resend too soon says so and counts down to when one may go', async () => {
    const { h, flow } = await completionPage()
    await flow.sendCode(PHONE)
    await h.clock.tickAsync(50_000)
    const again = await flow.sendCode(PHONE)
    expect(again.status).toBe('too-soon')
    expect(flow.getSnapshot()).toMatchObject({
      phoneStatus: 'code-sent',
      resendSecondsLeft: 10,
      phoneError: '인증번호는 1분에 한 번만 요청할 수 있습니다. 잠시 후 다시 시도해주세요.',
    })
  })

  it('verifies the code it sent, keeps the token out of every snapshot, and saves with it', async () => {
    const { h, flow } = await completionPage()
    const fields = { name: '이새롬', nickname: '새롬', phone: '+82 10-5555-6666' }
    expect(flow.completion(fields)).toBe(67)
    expect(await flow.verifyCode('123456')).toMatchObject({ message: '인증번호를 먼저 요청해주세요.' })
    await flow.sendCode(PHONE)
    const wrong = lastCode(h) === '000000' ? '111111' : '000000'
    await flow.verifyCode(wrong)
    expect(flow.getSnapshot()).toMatchObject({ phoneStatus: 'code-sent', phoneError: '인증번호가 올바르지 않습니다.' })
    const verified = await flow.verifyCode(lastCode(h))
    expect(verified.status).toBe('verified')
    expect(flow.getSnapshot()).toMatchObject({ phoneStatus: 'verified', phone: PHONE, phoneError: null })
    expect(JSON.stringify(flow.getSnapshot())).not.toContain('pv_')
    expect(flow.isPhoneVerified('01055556666')).toBe(true)
    expect(flow.isPhoneVerified('010-5555-6667')).toBe(false)
    expect(flow.completion(fields)).toBe(100)

    const result = await flow.complete(fields)
    expect(result).toMatchObject({ status: 'completed', redirectTo: '/courses' })
    expect(flow.getSnapshot()).toMatchObject({ saving: false, error: null })
    expect(h.auth.store.getState().profile).toMatchObject({ phone: PHONE, hasProfile: true })
  })

  it('a code voided by wrong tries goes back to asking for a new one', async () => {
    const { h, flow } = await completionPage()
    await flow.sendCode(PHONE)
    const wrong = lastCode(h) === '000000' ? '111111' : '000000'
    for (let attempt = 0; attempt < 5; attempt++) await flow.verifyCode(wrong)
    expect(flow.getSnapshot()).toMatchObject({
      phoneStatus: 'idle',
      codeSecondsLeft: null,
      phoneError: '인증번호를 여러 번 잘못 입력했습니다. 인증번호를 다시 요청해주세요.',
    })
  })

  it('a refused save shows the server’s error and suggestion; the phone stays verified for another try', async () => {
    const { h, flow } = await completionPage()
    const taken = learner.profile.phone
    await flow.sendCode(taken)
    await flow.verifyCode(lastCode(h, taken))
    const result = await flow.complete({ name: '이새롬', nickname: '새롬', phone: taken })
    expect(result.status).toBe('error')
    expect(flow.getSnapshot()).toMatchObject({
      saving: false,
      error: '이미 가입된 휴대폰 번호입니다.',
      errorCode: 'DUPLICATE_PHONE',
      suggestion: '다른 휴대폰 번호를 입력하시거나, 해당 번호로 가입한 계정으로 로그인해주세요.',
    })
    expect(flow.isPhoneVerified(taken)).toBe(true)
  })
})
