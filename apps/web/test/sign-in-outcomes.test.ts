import { describe, expect, it } from 'vitest'
import { inactivePasswordLearner, testLearner, unconfirmedLearner } from './accounts.ts'
import { toastTexts } from './api-failure-steps.ts'
import { setUpBrowser } from './browser.ts'
import { profileButton } from './header-steps.ts'
import { openMailbox } from './mailbox-steps.ts'
import { consentAs, openConsent } from './oauth-steps.ts'
import { pathname } from './page-code-steps.ts'
import { fillSignIn, onlyFailedLoads } from './sign-in-steps.ts'

const browser = setUpBrowser()

describe('sign-in outcomes besides a plain success (spec sections 2 and 5)', () => {
  it('an account the platform has not activated (status 0): refused with 계정이 활성화되지 않았습니다. 이메일을 확인해주세요., nothing kept', async () => {
    const { page } = await browser.device()
    await page.goto('/sign/in')
    await fillSignIn(page, inactivePasswordLearner.email, inactivePasswordLearner.password)
    const alert = page.getByRole('alert').filter({ hasText: /./ })
    await alert.waitFor()
    expect(await alert.textContent()).toBe('계정이 활성화되지 않았습니다. 이메일을 확인해주세요.')
    // The form says it, so the client's 로그인 실패: ... is no toast as well (issue 26: a message once).
    await page.waitForLoadState('networkidle')
    expect(await toastTexts(page)).toEqual([])
    expect(await pathname(page)).toBe('/sign/in')
    await page.getByRole('link', { name: '로그인' }).waitFor()
    expect(await profileButton(page).count()).toBe(0)
    // Supabase had signed them in: that session is dropped, and no token is kept.
    const kept = await page.evaluate(() => Object.keys(localStorage).filter((key) => /auth|sb-/.test(key)))
    expect(kept).toEqual([])
    expect(await page.evaluate(() => document.cookie.includes('auth_token='))).toBe(false)
  })

  it('an unconfirmed e-mail: the confirmation is sent again and the person is told to check it; its link signs them in', async () => {
    const { page, errors } = await browser.device()
    await page.goto('/sign/in')
    await fillSignIn(page, unconfirmedLearner.email, unconfirmedLearner.password)
    await page.getByRole('heading', { name: '이메일을 확인해주세요' }).waitFor()
    expect(await page.getByText(unconfirmedLearner.email).isVisible()).toBe(true)
    expect(await profileButton(page).count()).toBe(0)
    const mails = await openMailbox(page, unconfirmedLearner.email)
    expect(mails.map((mail) => mail.kind)).toEqual(['signup'])
    await page.goto(mails[0]!.link)
    await page.waitForURL((url) => url.pathname === '/')
    await page.getByText('미인증님').waitFor()
    // The refused sign-in (email_not_confirmed), as the browser logs it.
    expect(onlyFailedLoads(errors, [400])).toBe(true)
    errors.length = 0
  })

  it('a password sign-in whose target is under /sign/ and ends on / lands on /', async () => {
    const learner = testLearner('sign-target')
    const { page } = await browser.device()
    await page.goto(`/sign/in?redirect=${encodeURIComponent('/sign/up/')}`)
    await fillSignIn(page, learner.email, learner.password)
    await page.getByText(`${learner.nickname}님`).waitFor()
    await page.waitForURL((url) => url.pathname === '/')
    expect(page.url()).toBe(`${browser.origin}/`)
  })

  it('an OAuth sign-in whose target is under /sign/ and ends on / lands on /', async () => {
    const learner = testLearner('sign-target')
    const { page } = await browser.device()
    await openConsent(page, 'GOOGLE', `/sign/in?redirect=${encodeURIComponent('/sign/reset-password/')}`)
    await consentAs(page, 'GOOGLE', learner.email)
    await page.getByText(`${learner.nickname}님`).waitFor()
    await page.waitForURL((url) => url.pathname === '/')
    expect(page.url()).toBe(`${browser.origin}/`)
    expect(await toastTexts(page)).not.toContain('OAuth 인증 처리 중 오류 발생')
  })
})
