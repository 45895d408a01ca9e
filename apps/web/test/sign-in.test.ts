import { DEMO_PASSWORD, demoAccounts } from '@coursekit/mock-server'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { type Journey, testLearner } from './accounts.ts'
import { setUpBrowser } from './browser.ts'

const browser = setUpBrowser()

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: '이메일' }).fill(email)
  await page.getByLabel('비밀번호', { exact: true }).fill(password)
  await page.getByRole('button', { name: '로그인', exact: true }).click()
}

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
    // Signed in, the menu shows what needs a sign-in.
    expect(await page.getByRole('link', { name: '내 강의실' }).isVisible()).toBe(true)
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
    expect(errors.every((error) => /Failed to load resource: .* (400|401)/.test(error))).toBe(true)
    errors.length = 0
  })
})
