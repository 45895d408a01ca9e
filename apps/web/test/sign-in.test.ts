import { DEMO_PASSWORD, demoAccounts } from '@coursekit/mock-server'
import { describe, expect, it } from 'vitest'
import { type Journey, testLearner } from './accounts.ts'
import { setUpBrowser } from './browser.ts'
import { profileButton } from './header-steps.ts'
import { onlyFailedLoads, fillSignIn as signIn } from './sign-in-steps.ts'

const browser = setUpBrowser()

describe('sign-in (/sign/in)', () => {
  it('a demo account signs in with its password and the header shows the nickname', async () => {
    const { learner: demo } = demoAccounts
    const learner = { email: demo.email, password: DEMO_PASSWORD, nickname: demo.profile.nickname }
    const { page } = await browser.device()
    await page.goto('/')
    await page.getByRole('link', { name: '로그인' }).click()
    await page.waitForURL('**/sign/in')
    await signIn(page, learner.email, learner.password)
    await page.waitForURL((url) => url.pathname === '/')
    await page.getByText(`${learner.nickname}님`).waitFor()
    // Signed in, the greeting's menu holds what needs a sign-in.
    await profileButton(page).click()
    expect(await page.getByRole('menuitem', { name: '내 강의실' }).isVisible()).toBe(true)
  })

  it('?redirect= brings the person back where they were', async () => {
    const learner = testLearner('redirect')
    const { page } = await browser.device()
    await page.goto('/sign/in?redirect=%2Fcourses%2F101%3Ftab%3Dlessons')
    await signIn(page, learner.email, learner.password)
    await page.waitForURL((url) => url.pathname === '/courses/101')
    expect(new URL(page.url()).search).toBe('?tab=lessons')
  })

  it.each([
    ['https://evil.example/steal', 'hostile-1'],
    ['//evil.example/x', 'hostile-2'],
    ['/\\evil.example', 'hostile-3'],
    ['javascript:alert(1)', 'hostile-4'],
  ] as const)('a hostile ?redirect=%s stays on the origin', async (hostile, journey: Journey) => {
    const learner = testLearner(journey)
    const { page } = await browser.device()
    await page.goto(`/sign/in?redirect=${encodeURIComponent(hostile)}`)
    await signIn(page, learner.email, learner.password)
    await page.waitForURL((url) => url.pathname === '/')
    expect(page.url()).toBe(`${browser.origin}/`)
    await page.getByText(`${learner.nickname}님`).waitFor()
  })

  it('wrong credentials show the exact message', async () => {
    const { page, errors } = await browser.device()
    await page.goto('/sign/in')
    await signIn(page, testLearner('redirect').email, 'not-the-password')
    const alert = page.getByRole('alert').filter({ hasText: '이메일' })
    await alert.waitFor()
    expect(await alert.textContent()).toBe('이메일 또는 비밀번호가 올바르지 않습니다.')
    expect(new URL(page.url()).pathname).toBe('/sign/in')
    // The refused sign-in and the old platform's password check, as the browser logs them.
    expect(onlyFailedLoads(errors, [400, 401])).toBe(true)
    errors.length = 0
  })

  it("the old platform's password check failing (500) is a server error, not a wrong password", async () => {
    const { page, errors } = await browser.device()
    await page.route('**/api/v2/users/verify-legacy-password', (route) =>
      route.fulfill({ status: 500, json: { error: 'Internal server error', code: 'INTERNAL_ERROR' } }),
    )
    await page.goto('/sign/in')
    await signIn(page, testLearner('redirect').email, 'not-the-password')
    // Either answer the form can give, so a wrong one fails here at once rather than by timing out.
    const alert = page.getByRole('alert').filter({ hasText: /로그인 중 오류|이메일 또는 비밀번호/ })
    await alert.waitFor()
    expect(await alert.textContent()).toBe('로그인 중 오류가 발생했습니다')
    expect(await page.getByText('이메일 또는 비밀번호가 올바르지 않습니다.').count()).toBe(0)
    expect(new URL(page.url()).pathname).toBe('/sign/in')
    expect(onlyFailedLoads(errors, [400, 500])).toBe(true)
    errors.length = 0
  })

  it('works with the keyboard alone, with a visible focus ring', async () => {
    const learner = testLearner('keyboard')
    const { page } = await browser.device({ width: 1280, height: 800 })
    await page.goto('/sign/in')
    await page.getByRole('heading', { name: '로그인' }).waitFor()
    const focusedName = () => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name ?? '')
    for (let press = 0; press < 30 && (await focusedName()) !== 'email'; press++) await page.keyboard.press('Tab')
    expect(await focusedName()).toBe('email')
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle)
    expect(outline).toBe('solid')
    await page.keyboard.type(learner.email)
    await page.keyboard.press('Tab')
    expect(await focusedName()).toBe('password')
    await page.keyboard.type(learner.password)
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.pathname === '/')
    await page.getByText(`${learner.nickname}님`).waitFor()
  })
})
