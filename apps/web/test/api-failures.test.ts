import type { Page, Request } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { incompleteExpiringLearner, testLearner } from './accounts.ts'
import { answerInTurn, isProfileRead, isRefreshGrant, toastTexts } from './api-failure-steps.ts'
import { setUpBrowser } from './browser.ts'
import { signOutFromHeader } from './header-steps.ts'
import { loadPageCode, pathname } from './page-code-steps.ts'
import { fillSignIn, onlyFailedLoads, signInAs } from './sign-in-steps.ts'

const browser = setUpBrowser()
const DEVICE_LIST = '/api/v2/session-tracker/sessions'

/**
 * Spec section 6's public endpoints that the journeys below reach: no request to them carries a
 * token. Written out here from the spec, not taken from the client, so a wrong list fails too.
 */
const SPEC_PUBLIC_PREFIXES = [
  '/api/v2/courses',
  '/api/v2/course-categories',
  '/api/v2/course-reviews',
  '/api/v2/mentors',
  '/api/v2/notices',
  '/api/v2/banners',
  '/api/v2/calendar',
  '/api/v2/lessons',
  '/api/v2/discount-codes',
  '/api/v2/menu-settings',
  '/api/v2/analytics',
  '/api/v2/session-tracker/end',
]
const isSpecPublic = (path: string) =>
  SPEC_PUBLIC_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))

/** Whether `page` has asked for a URL `matches` accepts since this was called. */
function watchRequestsMatching(page: Page, matches: (url: URL) => boolean): () => boolean {
  let asked = false
  page.on('request', (request) => {
    if (matches(new URL(request.url()))) asked = true
  })
  return () => asked
}

describe("the API client's failures as the pages show them (spec sections 4 and 8)", () => {
  it("/my/devices' list read: a refreshed 401 says 토큰이 갱신되었습니다. 다시 시도해주세요.; a 403 its text with no toast; a 500 its toast; a non-JSON answer and one that does not fit, the spec's two messages", async () => {
    const learner = testLearner('api-failures')
    const { page, errors } = await browser.device({ width: 1280, height: 800 })
    await signInAs(page, learner)
    const answers = await answerInTurn(page, DEVICE_LIST)
    const main = page.getByRole('main')
    const onPage = (text: string) => main.getByText(text, { exact: true })
    const retryButton = main.getByRole('button', { name: '다시 시도' })
    const retry = () => retryButton.click()

    await page.goto('/my/devices')
    await page.getByTestId('devices-fetched').filter({ hasText: '불러옴' }).waitFor()

    // The token is refused once; the one refresh succeeds, and the read says to try again (a read
    // the person asked for: the page's first reads may overlap, and the later one's answer is shown).
    answers.push({ status: 401, body: { code: 'UNAUTHORIZED', message: '인증이 필요합니다.' } })
    const refreshed = page.waitForResponse((response) => isRefreshGrant(new URL(response.url())))
    await page.getByRole('button', { name: '새로고침' }).click()
    expect((await refreshed).status()).toBe(200)
    await onPage('토큰이 갱신되었습니다. 다시 시도해주세요.').waitFor()
    await retry()
    await retryButton.waitFor({ state: 'detached' })
    await page.getByRole('listitem', { name: /이 기기/ }).waitFor()
    expect(await pathname(page)).toBe('/my/devices')

    // A 403: the server's words on the page, and no toast (spec section 8).
    answers.push({ status: 403, body: { code: 'FORBIDDEN', message: '기기 목록을 볼 권한이 없습니다.' } })
    await page.getByRole('button', { name: '새로고침' }).click()
    await onPage('기기 목록을 볼 권한이 없습니다.').waitFor()

    // A plain 500: its toast as well. Notices are shown in the order they come, so once this one
    // shows, a toast of the 403 (or of the 401) would be showing too.
    answers.push({
      status: 500,
      body: { code: 'INTERNAL_ERROR', error: '기기 목록을 읽는 중 서버에서 오류가 났습니다.' },
    })
    await retry()
    await page
      .getByRole('region', { name: /Notifications/ })
      .getByText('기기 목록을 읽는 중 서버에서 오류가 났습니다.')
      .waitFor()
    await onPage('기기 목록을 읽는 중 서버에서 오류가 났습니다.').waitFor()
    expect(await toastTexts(page)).toEqual(['기기 목록을 읽는 중 서버에서 오류가 났습니다.'])

    // A 200 that is no JSON (a proxy's maintenance page), then JSON that is not a device list.
    answers.push({
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><title>점검 중</title><p>점검 중입니다</p>',
    })
    await retry()
    await onPage('응답을 JSON으로 처리하는 중 오류가 발생했습니다.').waitFor()
    answers.push({ status: 200, body: { sessions: '목록이 아닙니다' } })
    await retry()
    await onPage('응답 처리 중 오류가 발생했습니다.').waitFor()

    // The server answers as usual again: the list is back, the person still signed in.
    await retry()
    await retryButton.waitFor({ state: 'detached' })
    await page.getByRole('listitem', { name: /이 기기/ }).waitFor()
    await page.getByText(`${learner.nickname}님`).waitFor()
    expect(onlyFailedLoads(errors, [401, 403, 500])).toBe(true)
    errors.length = 0
  })

  it('no Authorization header on the public calls of a signed-in visit; the bearer on the others', async () => {
    const learner = testLearner('public-calls')
    const { page } = await browser.device({ width: 1280, height: 800 })
    const sent: { path: string; authorization: string | undefined }[] = []
    page.on('request', (request: Request) => {
      const { pathname: path } = new URL(request.url())
      if (path.startsWith('/api/')) sent.push({ path, authorization: request.headers().authorization })
    })
    await signInAs(page, learner)
    for (const path of ['/courses', '/courses/101', '/courses/101/lessons/1001', '/mentors', '/notices', '/calendar']) {
      await page.goto(path)
      await page.waitForLoadState('networkidle')
    }
    await signOutFromHeader(page)
    await page.waitForLoadState('networkidle')

    const publicCalls = sent.filter((call) => isSpecPublic(call.path))
    const reached = new Set(publicCalls.map((call) => call.path.split('/').slice(0, 4).join('/')))
    // The journey reached most of the public areas, so the check below is not an empty one.
    for (const area of [
      '/api/v2/courses',
      '/api/v2/mentors',
      '/api/v2/notices',
      '/api/v2/calendar',
      '/api/v2/lessons',
    ]) {
      expect(reached).toContain(area)
    }
    expect(reached).toContain('/api/v2/analytics')
    expect(publicCalls.filter((call) => call.authorization !== undefined)).toEqual([])
    // The calls that need a sign-in did carry the token: the page had one to leave off.
    const privateCalls = sent.filter((call) => !isSpecPublic(call.path))
    expect(privateCalls.map((call) => call.path)).toEqual(
      expect.arrayContaining(['/api/v2/session-tracker', expect.stringMatching(/^\/api\/users\//)]),
    )
    for (const call of privateCalls) expect(call.authorization, call.path).toMatch(/^Bearer ey/)
  })

  it('a 401 that reaches a page nobody is signed in on any more (signed out in another tab meanwhile) goes to /sign/in', async () => {
    const learner = testLearner('unauthenticated-401')
    const { page: first, context } = await browser.device()
    await signInAs(first, learner)
    // A second tab opens /courses; its read of the profile is on its way when the first tab signs out.
    const { page: second, errors } = await browser.tab(context)
    let answer = () => {}
    const answered = new Promise<void>((resolve) => {
      answer = resolve
    })
    let held = () => {}
    const heldNow = new Promise<void>((resolve) => {
      held = resolve
    })
    // The route stays for the whole journey (a later profile read goes on to the server): a route
    // with a predicate intercepts every request, and ending it (`times: 1`) turns interception off
    // while the page loads the next page's code, whose request could then stall for good.
    let holding = true
    await second.route(isProfileRead, async (route) => {
      if (!holding) return route.fallback()
      holding = false
      held()
      await answered
      await route.fulfill({ status: 401, json: { code: 'UNAUTHORIZED', message: '인증이 필요합니다.' } })
    })
    await second.goto('/courses')
    await heldNow
    await signOutFromHeader(first)
    await second.getByRole('banner').getByRole('link', { name: '로그인' }).waitFor()
    // Signed out by the other tab, this one goes home as well (after the sign-out's 100 ms).
    await second.waitForURL((url) => url.pathname === '/')
    await second.getByRole('heading', { level: 2, name: '인기 강의' }).waitFor()
    // The server's 401 arrives for a page nobody is signed in on by now: no refresh, to sign-in.
    const refreshes = watchRequestsMatching(second, isRefreshGrant)
    answer()
    await second.waitForURL((url) => url.pathname === '/sign/in')
    expect(refreshes()).toBe(false)
    // Only the held read's 401: the second tab's sign-out sends nothing to the auth server for the
    // session the first tab ended (no 403 session_not_found), even when its storage shows it late.
    expect(onlyFailedLoads(errors, [401])).toBe(true)
    errors.length = 0
  })

  it('a session that ended on /sign/complete/: the expiry toast and signed out, but the person stays on the page', async () => {
    const { page, errors } = await browser.device()
    await page.goto('/sign/in')
    await fillSignIn(page, incompleteExpiringLearner.email, incompleteExpiringLearner.password)
    await page.getByRole('heading', { name: '회원 정보를 완성해주세요' }).waitFor()
    const completion = await pathname(page)
    expect(completion.startsWith('/sign/complete/')).toBe(true)
    // The server stops taking the token when the page loads again, and its refresh token is spent.
    await page.route(isProfileRead, (route) =>
      route.fulfill({ status: 401, json: { code: 'UNAUTHORIZED', message: '인증이 필요합니다.' } }),
    )
    await page.route(isRefreshGrant, (route) =>
      route.fulfill({ status: 400, json: { error_code: 'refresh_token_not_found', msg: 'Invalid Refresh Token' } }),
    )
    await page.reload()
    await page.getByText('세션이 만료되었습니다. 다시 로그인해주세요.').waitFor()
    await page.getByRole('link', { name: '로그인' }).waitFor()
    // Sign-in's code is here, so a move to it would not wait for a chunk: it would have happened.
    await loadPageCode(page, 'sign-in-page')
    await page.waitForLoadState('networkidle')
    expect(await pathname(page)).toBe(completion)
    await page.getByRole('heading', { name: '회원 정보를 완성해주세요' }).waitFor()
    expect(onlyFailedLoads(errors, [400, 401])).toBe(true)
    errors.length = 0
  })
})
