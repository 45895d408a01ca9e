import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { setUpBrowser } from './browser.ts'
import { profileButton } from './header-steps.ts'
import { completeProfile, consentAs, openConsent, watchRequests } from './oauth-steps.ts'
import { pathname } from './page-code-steps.ts'
import { onlyFailedLoads } from './sign-in-steps.ts'

const browser = setUpBrowser()

/** Waits for the toast that says `text` (sonner's region; the page may say it too). */
async function toast(page: Page, text: string): Promise<void> {
  await page
    .getByRole('region', { name: /Notifications/ })
    .getByText(text, { exact: true })
    .waitFor()
}

/** Nobody is signed in on `page`: the header offers 로그인, and no token is kept. */
async function expectSignedOut(page: Page): Promise<void> {
  await page.getByRole('link', { name: '로그인' }).waitFor()
  expect(await profileButton(page).count()).toBe(0)
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull()
}

describe('the auth toasts of spec section 8, each where a person meets it', () => {
  it('OAuth 로그인 초기화 실패: the browser cannot make the PKCE challenge; the person stays on sign-in', async () => {
    const { page } = await browser.device()
    await page.goto('/sign/in?redirect=%2Fcourses')
    await page.getByRole('button', { name: 'Google 계정으로 로그인' }).waitFor()
    // This browser's WebCrypto fails (as in an old embedded browser), so the flow cannot start.
    await page.evaluate(() => {
      crypto.subtle.digest = () => Promise.reject(new DOMException('The operation failed.', 'OperationError'))
    })
    await page.getByRole('button', { name: 'Google 계정으로 로그인' }).click()
    await toast(page, 'OAuth 로그인 초기화 실패')
    expect(await pathname(page)).toBe('/sign/in')
    // The target kept for the return is dropped with the flow that did not start.
    expect(await page.evaluate(() => localStorage.getItem('redirectAfterOAuth'))).toBeNull()
    await expectSignedOut(page)
  })

  it('사용자 식별 정보 누락: a provider account without an e-mail is not signed in; back to sign-in', async () => {
    const { page } = await browser.device()
    await openConsent(page, 'KAKAO')
    // A Kakao user who did not share an e-mail: the session the code buys names none.
    await page.route(
      (url) => url.pathname === '/auth/v1/token' && url.searchParams.get('grant_type') === 'pkce',
      async (route) => {
        const response = await route.fetch()
        const session = (await response.json()) as { user: { email?: string } }
        await route.fulfill({ response, json: { ...session, user: { ...session.user, email: '' } } })
      },
    )
    const askedThePlatform = watchRequests(page, '/api/v2/oauth/process')
    await consentAs(page, 'KAKAO', 'no.email.kakao@coursekit.test', '이메일없음')
    await toast(page, '사용자 식별 정보 누락')
    await page.waitForURL((url) => url.pathname === '/sign/in')
    await expectSignedOut(page)
    // The client refused the session itself: the platform was never asked about a person it cannot name.
    expect(askedThePlatform()).toBe(false)
    expect(await page.getByText('이메일없음님').count()).toBe(0)
  })

  it('세션 정보가 없습니다: a return to /auth/callback that brings no session (the link opened in another browser)', async () => {
    const { page, errors } = await browser.device()
    await page.goto('/auth/callback?code=0b9a7c1e-code-from-another-browser')
    await toast(page, '세션 정보가 없습니다')
    await page.waitForURL((url) => url.pathname === '/sign/in')
    await expectSignedOut(page)
    expect(onlyFailedLoads(errors, [400, 404])).toBe(true)
    errors.length = 0
  })

  it('비밀번호 재설정 이메일 발송 실패: the auth server fails the reset mail; what was typed stays', async () => {
    const { page, errors } = await browser.device()
    await page.route('**/auth/v1/recover*', (route) =>
      route.fulfill({
        status: 500,
        json: { code: 500, error_code: 'unexpected_failure', msg: 'Error sending recovery email' },
      }),
    )
    await page.goto('/sign/reset-password')
    await page.getByRole('textbox', { name: '이메일' }).fill('reset.fails@coursekit.test')
    await page.getByRole('button', { name: '재설정 링크 받기' }).click()
    await toast(page, '비밀번호 재설정 이메일 발송 실패')
    expect(await page.getByRole('heading', { name: '이메일을 확인해주세요' }).count()).toBe(0)
    expect(await page.getByRole('textbox', { name: '이메일' }).inputValue()).toBe('reset.fails@coursekit.test')
    expect(onlyFailedLoads(errors, [500])).toBe(true)
    errors.length = 0
  })

  it("계정 생성 중 오류가 발생했습니다: ...: the profile's save fails on the server (not a duplicate); still on the page with what was typed", async () => {
    const { page, errors } = await browser.device()
    await openConsent(page, 'GOOGLE')
    await consentAs(page, 'GOOGLE', 'create.fails@coursekit.test', '생성실패')
    await page.getByRole('heading', { name: '회원 정보를 완성해주세요' }).waitFor()
    await page.route(
      (url) => url.pathname === '/api/v2/users/create',
      (route) =>
        route.fulfill({ status: 500, json: { code: 'INTERNAL_ERROR', error: '회원 정보를 저장하지 못했습니다.' } }),
      { times: 1 },
    )
    await completeProfile(page, { name: '생성실패', nickname: '실패', phone: '010-7100-0011' })
    await toast(page, '계정 생성 중 오류가 발생했습니다: 회원 정보를 저장하지 못했습니다.')
    expect((await pathname(page)).startsWith('/sign/complete/')).toBe(true)
    expect(await page.getByRole('textbox', { name: '닉네임' }).inputValue()).toBe('실패')
    expect(onlyFailedLoads(errors, [500])).toBe(true)
    errors.length = 0
  })
})
