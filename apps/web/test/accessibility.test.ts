import { demoAccounts } from '@coursekit/mock-server'
import { describe, expect, it } from 'vitest'
import { testLearner } from './accounts.ts'
import { seriousViolations } from './axe.ts'
import { setUpBrowser } from './browser.ts'
import { signOutFromHeader } from './header-steps.ts'
import { openMailbox } from './mailbox-steps.ts'
import { fillSignIn, onlyFailedLoads, signInAs } from './sign-in-steps.ts'

const browser = setUpBrowser()

describe('accessibility (axe, no serious or critical violation)', () => {
  it.each([
    [390, 844],
    [1280, 800],
  ])('every route signed out at %ix%i: /, /sign/in, the 404 page', async (width, height) => {
    const { page } = await browser.device({ width, height })
    await page.goto('/')
    await page.getByRole('heading', { level: 2, name: '인기 강의' }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await page.goto('/sign/in')
    await page.getByRole('heading', { name: '로그인' }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await page.goto('/no/such/page')
    await page.getByRole('heading', { name: '페이지를 찾을 수 없습니다' }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
  })

  it.each([
    [390, 844],
    [1280, 800],
  ] as const)(
    'sign-up and password reset at %ix%i: empty, with field errors, sent, and the new-password page',
    async (width, height) => {
      const { page } = await browser.device({ width, height })
      await page.goto('/sign/up')
      await page.getByRole('heading', { name: '회원가입' }).waitFor()
      expect(await seriousViolations(page)).toEqual([])
      await page.getByRole('button', { name: '가입하기' }).click()
      await page.getByText('이메일을 입력해주세요.').waitFor()
      expect(await seriousViolations(page)).toEqual([])

      const learner = testLearner(`axe-reset-${width}`)
      await page.goto('/sign/reset-password')
      await page.getByRole('heading', { name: '비밀번호 찾기' }).waitFor()
      expect(await seriousViolations(page)).toEqual([])
      await page.getByRole('button', { name: '재설정 링크 받기' }).click()
      await page.getByText('이메일을 입력해주세요.').waitFor()
      expect(await seriousViolations(page)).toEqual([])
      await page.getByRole('textbox', { name: '이메일' }).fill(learner.email)
      await page.getByRole('button', { name: '재설정 링크 받기' }).click()
      await page.getByRole('heading', { name: '이메일을 확인해주세요' }).waitFor()
      expect(await seriousViolations(page)).toEqual([])

      const mail = (await openMailbox(page, learner.email)).at(-1)!
      await page.goto(mail.link)
      await page.getByRole('heading', { name: '새 비밀번호 정하기' }).waitFor()
      expect(await seriousViolations(page)).toEqual([])
      await page.getByRole('button', { name: '비밀번호 변경' }).click()
      await page.getByText('비밀번호를 입력해주세요.').first().waitFor()
      expect(await seriousViolations(page)).toEqual([])
      await page.goto(mail.link)
      await page.getByRole('heading', { name: '비밀번호 변경 실패' }).waitFor()
      expect(await seriousViolations(page)).toEqual([])
    },
  )

  it('signed in, and the check-your-e-mail screen', async () => {
    const { page, errors } = await browser.device()
    await signInAs(page, testLearner('axe'))
    await page.getByRole('heading', { level: 2, name: '인기 강의' }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await signOutFromHeader(page)
    await page.goto('/sign/in')
    await fillSignIn(page, demoAccounts.unconfirmed.email, demoAccounts.unconfirmed.password)
    await page.getByRole('heading', { name: '이메일을 확인해주세요' }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    // The sign-in the server refused until the address is confirmed.
    expect(onlyFailedLoads(errors, [400])).toBe(true)
    errors.length = 0
  })
})
