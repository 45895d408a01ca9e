import { describe, expect, it } from 'vitest'
import { testLearner } from './accounts.ts'
import { watchAuthJs } from './auth-js-steps.ts'
import { setUpBrowser } from './browser.ts'
import { fillSignIn } from './sign-in-steps.ts'

const browser = setUpBrowser()

describe('auth-js loads where someone signs in (issue 28)', () => {
  it('a signed-out visitor fetches it on opening /sign/in, not before, and signs in with it', async () => {
    const learner = testLearner('auth-js-sign-in')
    const { page } = await browser.device()
    const authJs = await watchAuthJs(page)
    await page.goto('/')
    await page.getByRole('heading', { level: 2, name: '인기 강의' }).waitFor()
    await page.waitForLoadState('networkidle')
    expect(authJs.count()).toBe(0)

    await page.getByRole('link', { name: '로그인' }).first().click()
    await page.waitForURL('**/sign/in')
    // As the page opens, before anything is typed: the first submit does not wait for it.
    await authJs.requested
    await fillSignIn(page, learner.email, learner.password)
    await page.waitForURL((url) => url.pathname === '/')
    await page.getByText(`${learner.nickname}님`).waitFor()
    expect(authJs.count()).toBe(1)
  })
})
