import { describe, expect, it } from 'vitest'
import { testLearner } from './accounts.ts'
import { setUpBrowser } from './browser.ts'
import { signOutFromHeader } from './header-steps.ts'
import { loadPageCode, pathname } from './page-code-steps.ts'
import { fillSignIn, onlyFailedLoads, signInAs } from './sign-in-steps.ts'

const browser = setUpBrowser()

describe('the session in the shell', () => {
  it('sign-out lands on / after 100 ms', async () => {
    const learner = testLearner('logout')
    const { page } = await browser.device()
    await page.clock.install()
    await signInAs(page, learner, '/sign/in?redirect=%2Fcourses')
    await page.waitForURL((url) => url.pathname === '/courses')
    // The page's time stands still from here, so only runFor moves it, however slow the machine.
    const now = await page.evaluate(() => Date.now())
    await page.clock.pauseAt(now + 1_000)
    // Home's code is here before the clock moves, so the move to / shows when the clock allows it.
    await loadPageCode(page, 'home-page')
    await signOutFromHeader(page)
    // Signed out, still where they were until the client's 100 ms pass.
    expect(await pathname(page)).toBe('/courses')
    await page.clock.runFor(99)
    await loadPageCode(page, 'home-page')
    expect(await pathname(page)).toBe('/courses')
    await page.clock.runFor(1)
    await page.waitForURL((url) => url.pathname === '/')
  })

  it('sign-out in one tab signs out the other', async () => {
    const learner = testLearner('tabs')
    const { page: first, context } = await browser.device({ width: 1280, height: 800 })
    await signInAs(first, learner)
    const { page: second } = await browser.tab(context)
    await second.goto('/')
    await second.getByText(`${learner.nickname}님`).waitFor()
    await signOutFromHeader(first)
    await second.getByRole('link', { name: '로그인' }).waitFor()
    expect(await second.getByText(`${learner.nickname}님`).count()).toBe(0)
  })

  it("an expired session shows the spec's toast and goes to /sign/in", async () => {
    const learner = testLearner('expired')
    const { page, errors } = await browser.device()
    await signInAs(page, learner)
    // The server stops taking this device's token, and its refresh token with it; the page loads again.
    const registration = (url: URL) => url.pathname === '/api/v2/session-tracker'
    await page.route(registration, (route) =>
      route.fulfill({ status: 401, json: { code: 'UNAUTHORIZED', message: '인증이 필요합니다.' } }),
    )
    const refresh = (url: URL) =>
      url.pathname === '/auth/v1/token' && url.searchParams.get('grant_type') === 'refresh_token'
    await page.route(refresh, (route) =>
      route.fulfill({ status: 400, json: { error_code: 'refresh_token_not_found', msg: 'Invalid Refresh Token' } }),
    )
    await page.reload()
    await page.getByText('세션이 만료되었습니다. 다시 로그인해주세요.').waitFor()
    await page.waitForURL((url) => url.pathname === '/sign/in')
    await page.getByRole('link', { name: '로그인' }).waitFor()
    expect(onlyFailedLoads(errors, [400, 401])).toBe(true)
    errors.length = 0
  })

  it("a stored session the server no longer takes, whose refresh fails, shows the spec's toast at start-up and goes to /sign/in; signing in again returns there", async () => {
    const learner = testLearner('expired-at-start')
    const { page, errors } = await browser.device()
    await signInAs(page, learner)
    // The platform API refuses the stored token when the page loads again, and the refresh token is spent.
    const profile = (url: URL) => url.pathname.startsWith('/api/users/')
    await page.route(profile, (route) =>
      route.fulfill({ status: 401, json: { code: 'UNAUTHORIZED', message: '인증이 필요합니다.' } }),
    )
    const refresh = (url: URL) =>
      url.pathname === '/auth/v1/token' && url.searchParams.get('grant_type') === 'refresh_token'
    await page.route(refresh, (route) =>
      route.fulfill({ status: 400, json: { error_code: 'refresh_token_not_found', msg: 'Invalid Refresh Token' } }),
    )
    await page.goto('/courses?sort=new')
    await page.getByText('세션이 만료되었습니다. 다시 로그인해주세요.').waitFor()
    await page.waitForURL((url) => url.pathname === '/sign/in')
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/courses?sort=new')
    await page.getByRole('link', { name: '로그인' }).waitFor()
    expect(await page.getByText(`${learner.nickname}님`).count()).toBe(0)
    expect(onlyFailedLoads(errors, [400, 401])).toBe(true)
    errors.length = 0
    // The server takes them again: signing in brings them back where the session ended.
    await page.unroute(profile)
    await page.unroute(refresh)
    await fillSignIn(page, learner.email, learner.password)
    await page.waitForURL((url) => url.pathname === '/courses' && url.search === '?sort=new')
    await page.getByText(`${learner.nickname}님`).waitFor()
    expect(errors).toEqual([])
  })
})
