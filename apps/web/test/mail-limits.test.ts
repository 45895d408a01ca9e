import { describe, expect, it } from 'vitest'
import { testLearner } from './accounts.ts'
import { seriousViolations } from './axe.ts'
import { setUpBrowser } from './browser.ts'
import { openMailbox } from './mailbox-steps.ts'
import { pauseClockNow, watchRequests } from './oauth-steps.ts'
import { fillSignUp, onlyFailedLoads, signInAs } from './sign-in-steps.ts'

const browser = setUpBrowser()

/** The seconds the wait line names ("보안을 위해 메일은 N초 후에 다시 보낼 수 있습니다."). */
const WAIT = /^보안을 위해 메일은 (\d+)초 후에 다시 보낼 수 있습니다\.$/

describe("the auth server's one mail per address per minute (429)", () => {
  it('a resend right after the sign-up says how long to wait and the button counts it down on the page clock', async () => {
    const email = 'resend-too-soon@coursekit.test'
    const { page, errors } = await browser.device()
    await page.clock.install()
    await page.goto('/sign/up')
    await fillSignUp(page, email, 'too-soon-pass-1')
    await page.getByRole('heading', { name: '이메일을 확인해주세요' }).waitFor()
    await pauseClockNow(page)
    await page.getByRole('button', { name: '인증 메일 다시 보내기' }).click()
    const timer = page.getByRole('timer')
    await timer.filter({ hasText: '보안을 위해' }).waitFor()
    // axe waits on timers of its own: it runs with the clock going, which then stops again.
    await page.clock.resume()
    expect(await seriousViolations(page)).toEqual([])
    await pauseClockNow(page)
    const seconds = Number(WAIT.exec((await timer.textContent()) ?? '')?.[1])
    expect(seconds).toBeGreaterThan(40)
    expect(seconds).toBeLessThanOrEqual(60)
    const button = page.getByRole('button', { name: /^인증 메일 다시 보내기/ })
    expect(await button.isDisabled()).toBe(true)
    expect(await button.textContent()).toBe(`인증 메일 다시 보내기 (${seconds}초)`)

    await page.clock.runFor(1_000)
    await page.getByRole('button', { name: `인증 메일 다시 보내기 (${seconds - 1}초)` }).waitFor()
    expect(await timer.textContent()).toBe(`보안을 위해 메일은 ${seconds - 1}초 후에 다시 보낼 수 있습니다.`)
    await page.clock.runFor((seconds - 2) * 1_000)
    expect(await button.textContent()).toBe('인증 메일 다시 보내기 (1초)')
    expect(await button.isDisabled()).toBe(true)
    await page.clock.runFor(1_000)
    await page.getByRole('button', { name: '인증 메일 다시 보내기', exact: true }).waitFor()
    expect(await button.isEnabled()).toBe(true)
    expect(await timer.count()).toBe(0)
    // One mail: the refused one was never sent.
    expect((await openMailbox(page, email)).map((mail) => mail.kind)).toEqual(['signup'])
    expect(onlyFailedLoads(errors, [429])).toBe(true)
    errors.length = 0
  })

  it('signing up the same address again within the minute: the form says how long to wait, counting down', async () => {
    const email = 'signup-too-soon@coursekit.test'
    const { page, errors } = await browser.device()
    await page.clock.install()
    await page.goto('/sign/up')
    await fillSignUp(page, email, 'too-soon-pass-1')
    await page.getByRole('heading', { name: '이메일을 확인해주세요' }).waitFor()
    await page.goto('/sign/up')
    await pauseClockNow(page)
    await fillSignUp(page, email, 'too-soon-pass-1')
    const alert = page.getByRole('alert').filter({ hasText: '보안을 위해' })
    await alert.waitFor()
    const seconds = Number(WAIT.exec((await alert.textContent()) ?? '')?.[1])
    expect(seconds).toBeGreaterThan(50)
    await page.clock.runFor(2_000)
    await page
      .getByRole('alert')
      .filter({ hasText: `${seconds - 2}초 후에` })
      .waitFor()
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0)
    expect(onlyFailedLoads(errors, [429])).toBe(true)
    errors.length = 0
  })
})

describe('a used reset link within the minute of its mail', () => {
  it('offers the new link to the same address, and its button waits out the minute on the page clock', async () => {
    const learner = testLearner('reset-wait')
    const { page, errors } = await browser.device()
    await page.clock.install()
    await page.goto('/sign/reset-password')
    await page.getByRole('textbox', { name: '이메일' }).fill(learner.email)
    await page.getByRole('button', { name: '재설정 링크 받기' }).click()
    await page.getByRole('heading', { name: '이메일을 확인해주세요' }).waitFor()
    const mail = (await openMailbox(page, learner.email)).at(-1)!
    await page.goto(mail.link)
    await page.getByRole('heading', { name: '새 비밀번호 정하기' }).waitFor()
    await page.goto(mail.link)
    await page.getByRole('heading', { name: '비밀번호 변경 실패' }).waitFor()
    await pauseClockNow(page)
    await page.getByRole('button', { name: '새 재설정 링크 받기' }).click()
    const timer = page.getByRole('timer')
    await timer.filter({ hasText: '보안을 위해 메일은' }).waitFor()
    const seconds = Number(WAIT.exec((await timer.textContent()) ?? '')?.[1])
    expect(seconds).toBeGreaterThan(40)
    const button = page.getByRole('button', { name: /^새 재설정 링크 받기/ })
    expect(await button.textContent()).toBe(`새 재설정 링크 받기 (${seconds}초)`)
    expect(await button.isDisabled()).toBe(true)
    await page.clock.runFor((seconds - 1) * 1_000)
    expect(await button.textContent()).toBe('새 재설정 링크 받기 (1초)')
    await page.clock.runFor(1_000)
    await page.getByRole('button', { name: '새 재설정 링크 받기', exact: true }).waitFor()
    expect(await button.isEnabled()).toBe(true)
    expect(await timer.count()).toBe(0)
    expect((await openMailbox(page, learner.email)).filter((each) => each.kind === 'recovery')).toHaveLength(1)
    expect(onlyFailedLoads(errors, [429])).toBe(true)
    errors.length = 0
  })
})

describe('a repeated sign-up of a confirmed address', () => {
  it('shows the same check-your-e-mail screen as a new one, mails nothing, and leaves the account as it was', async () => {
    const learner = testLearner('signup-again')
    const { page, errors } = await browser.device()
    const createUser = watchRequests(page, '/api/v2/users/create')
    await page.goto('/sign/up')
    await fillSignUp(page, learner.email, 'another-pass-1')
    await page.getByRole('heading', { name: '이메일을 확인해주세요' }).waitFor()
    expect(await page.getByText(`${learner.email} 주소로 인증 메일을 보냈습니다.`, { exact: false }).isVisible()).toBe(
      true,
    )
    await page.waitForLoadState('networkidle')
    expect(createUser()).toBe(false)
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0)
    expect((await openMailbox(page, learner.email)).filter((mail) => mail.kind === 'signup')).toEqual([])
    // The account is untouched: its own password still signs it in, with its profile.
    await signInAs(page, learner)
    expect(onlyFailedLoads(errors, [])).toBe(true)
  })
})
