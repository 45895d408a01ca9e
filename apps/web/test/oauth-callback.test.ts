import { legacyAccount } from '@coursekit/mock-server'
import { describe, expect, it } from 'vitest'
import { inactiveLearnerEmail, linkLegacyAccount, testLearner } from './accounts.ts'
import { setUpBrowser } from './browser.ts'
import { signOutFromHeader } from './header-steps.ts'
import { openMailbox } from './mailbox-steps.ts'
import {
  completeProfile,
  consentAs,
  conversionsSent,
  openConsent,
  pauseClockNow,
  runClockUntil,
  smsCode,
  watchRequests,
} from './oauth-steps.ts'
import { loadPageCode, pathname } from './page-code-steps.ts'
import { fillSignIn, onlyFailedLoads } from './sign-in-steps.ts'

const browser = setUpBrowser()
const path = (url: string) => new URL(url).pathname

describe('the OAuth return (/auth/callback)', () => {
  it('Google, a new person: progress, then the completion page after 1 s on the clock; completed with the SMS code, home with the nickname', async () => {
    const { page } = await browser.device()
    const conversions = conversionsSent(page)
    await page.clock.install()
    await openConsent(page, 'GOOGLE')
    await consentAs(page, 'GOOGLE', 'new.google.journey@coursekit.test', '구글신입')
    // The callback works on the clock (the session's settle): its progress shows meanwhile.
    await page.getByRole('heading', { name: '로그인 중입니다' }).waitFor()
    const askedAboutThePerson = watchRequests(page, '/api/v2/oauth/process')
    await pauseClockNow(page)
    // The completion page's code is here before the clock moves, so the move shows when the clock allows it.
    await loadPageCode(page, 'profile-completion-page')
    // Past the settle, once the platform is asked about the person, nothing waits on the clock until
    // the move is scheduled: the clock stands still from then, so the 1 s counts from where it stopped
    // (the last step may have moved up to 10 ms past the ask).
    await runClockUntil(page, askedAboutThePerson)
    await page.getByRole('heading', { name: '로그인되었습니다' }).waitFor()
    expect(await page.getByText('회원 정보를 입력하는 화면으로 이동합니다…').isVisible()).toBe(true)
    // The client's 1 s: still here just before it ends.
    await page.clock.runFor(989)
    await loadPageCode(page, 'profile-completion-page')
    expect(await pathname(page)).toBe('/auth/callback')
    await page.clock.runFor(11)
    await page.waitForURL((url) => url.pathname.startsWith('/sign/complete/'))
    expect(decodeURIComponent(path(page.url()))).toMatch(
      /^\/sign\/complete\/[^/]+\/new\.google\.journey@coursekit\.test$/,
    )
    await page.getByRole('heading', { name: '회원 정보를 완성해주세요' }).waitFor()
    // The provider's name is there already: one field of three.
    const progress = page.getByRole('progressbar', { name: '입력 완료' })
    expect(await page.getByRole('textbox', { name: '이름' }).inputValue()).toBe('구글신입')
    expect(await progress.getAttribute('aria-valuenow')).toBe('33')
    await page.getByRole('textbox', { name: '닉네임' }).fill('구글이')
    expect(await progress.getAttribute('aria-valuenow')).toBe('67')
    // The code's countdown runs on the client's clock.
    await page.getByRole('textbox', { name: '휴대폰 번호' }).fill('010-7100-0001')
    await page.getByRole('button', { name: '인증번호 받기' }).click()
    const code = page.getByRole('textbox', { name: /^인증번호/ })
    await code.waitFor()
    expect(await page.getByText('인증번호 (남은 시간 3:00)').isVisible()).toBe(true)
    await page.clock.runFor(1000)
    await page.getByText('인증번호 (남은 시간 2:59)').waitFor()
    await code.fill(await smsCode(page, '010-7100-0001'))
    await page.getByRole('button', { name: '확인', exact: true }).click()
    await page.getByText('휴대폰 번호가 인증되었습니다.').waitFor()
    expect(await progress.getAttribute('aria-valuenow')).toBe('100')
    // The sign-up is complete only now, with the profile: the one signup conversion.
    expect(conversions).toEqual([])
    await page.getByRole('button', { name: '저장하고 시작하기' }).click()
    await page.waitForURL((url) => url.pathname === '/')
    await page.getByText('구글이님').waitFor()
    await expect.poll(() => conversions).toEqual([{ conversionType: 'signup' }])
    await page.reload()
    await page.getByText('구글이님').waitFor()
    expect(conversions).toEqual([{ conversionType: 'signup' }])
  })

  it('Kakao, a new person, with the keyboard alone: consent, completion with the SMS code, home', async () => {
    const { page } = await browser.device({ width: 1280, height: 800 })
    await page.goto('/sign/in')
    await page.getByRole('heading', { name: '로그인' }).waitFor()
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '')
    for (let press = 0; press < 30 && (await focused()) !== '카카오 로그인'; press++) await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { name: '카카오 계정으로 계속하기' }).waitFor()
    await page.getByRole('textbox', { name: '이메일' }).focus()
    await page.keyboard.type('kakao.keyboard@coursekit.test')
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.pathname.startsWith('/sign/complete/'))
    await page.getByRole('heading', { name: '회원 정보를 완성해주세요' }).waitFor()
    const focusedName = () => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name ?? '')
    for (let press = 0; press < 30 && (await focusedName()) !== 'name'; press++) await page.keyboard.press('Tab')
    await page.keyboard.type('김카카오')
    await page.keyboard.press('Tab')
    await page.keyboard.type('카카오키보드')
    await page.keyboard.press('Tab')
    await page.keyboard.type('01071000002')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    // The code field takes the focus when it appears.
    await page.getByRole('textbox', { name: /^인증번호/ }).waitFor()
    expect(await focusedName()).toBe('code')
    const answer = await page.request.get('/__dev/sms?phone=010-7100-0002')
    const { messages } = (await answer.json()) as { messages: { code: string }[] }
    await page.keyboard.type(messages.at(-1)?.code ?? '')
    await page.keyboard.press('Enter')
    await page.getByText('휴대폰 번호가 인증되었습니다.').waitFor()
    // Verified, the focus is on saving.
    expect(await focused()).toBe('저장하고 시작하기')
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.pathname === '/')
    await page.getByText('카카오키보드님').waitFor()
  })

  it('an e-mail sign-up confirmed through the dev mailbox link: completion, then home; one signup conversion', async () => {
    const { page } = await browser.device()
    const conversions = conversionsSent(page)
    const email = 'email.signup@coursekit.test'
    const apikey = browser.anonKey
    const signUp = await page.request.post(
      `/auth/v1/signup?redirect_to=${encodeURIComponent(`${browser.origin}/auth/callback`)}`,
      { headers: { apikey }, data: { email, password: 'signup-password-1' } },
    )
    const { id } = (await signUp.json()) as { id: string }
    // The platform record a sign-up makes, with no profile fields yet.
    const created = await page.request.post('/api/v2/users/create', {
      data: { id, email, oauthProviders: ['EMAIL'] },
    })
    expect(created.status()).toBe(201)
    const mailbox = await page.request.get(`/__dev/mailbox?email=${encodeURIComponent(email)}`)
    const { messages } = (await mailbox.json()) as { messages: { kind: string; link: string }[] }
    const link = messages.find((mail) => mail.kind === 'signup')?.link
    expect(link).toBeDefined()
    await page.goto(link ?? '')
    await page.waitForURL((url) => url.pathname.startsWith('/sign/complete/'))
    // Confirmed: the sign-up is complete (the profile is the platform's, not the sign-up's).
    await expect.poll(() => conversions).toEqual([{ conversionType: 'signup' }])
    await completeProfile(page, { name: '이메일가입', nickname: '메일러', phone: '010-7100-0003' })
    await page.waitForURL((url) => url.pathname === '/')
    await page.getByText('메일러님').waitFor()
    expect(conversions).toEqual([{ conversionType: 'signup' }])
  })

  it('LINKED: Google on an e-mail account says it is linked and signs in', async () => {
    const learner = testLearner('oauth-linked')
    const { page } = await browser.device()
    await openConsent(page, 'GOOGLE')
    await consentAs(page, 'GOOGLE', learner.email)
    await page.getByRole('heading', { name: '로그인되었습니다' }).waitFor()
    expect(await page.getByText('구글 계정이 기존 계정에 연결되었습니다.').first().isVisible()).toBe(true)
    await page.waitForURL((url) => url.pathname === '/')
    await page.getByText(`${learner.nickname}님`).waitFor()
  })

  it('ACCOUNT_CONFLICT: the message and the options; not signed in', async () => {
    const { page } = await browser.device()
    await openConsent(page, 'KAKAO')
    await consentAs(page, 'KAKAO', legacyAccount.email)
    await page.getByRole('heading', { name: '이미 가입된 이메일입니다' }).waitFor()
    expect(await page.getByRole('alert').filter({ hasText: '가입된' }).textContent()).toBe(
      '이미 이메일로 가입된 이메일입니다. 기존 계정으로 로그인하거나 계정을 연결해주세요.',
    )
    expect(await page.getByRole('link', { name: /^기존 계정으로 로그인/ }).isVisible()).toBe(true)
    expect(await page.getByRole('button', { name: /로그인 후 계정 연결하기/ }).isVisible()).toBe(true)
    expect(await page.getByRole('link', { name: '로그인', exact: true }).isVisible()).toBe(true)
    await page.getByRole('link', { name: /^기존 계정으로 로그인/ }).click()
    await page.waitForURL((url) => url.pathname === '/sign/in')
  })

  it('ACCOUNT_CONFLICT, 로그인 후 계정 연결하기: the old account signed in (moved over, its e-mail confirmed) gets Kakao linked, and Kakao signs in to it', async () => {
    const { email, password } = linkLegacyAccount
    const { page, errors } = await browser.device()
    await openConsent(page, 'KAKAO')
    await consentAs(page, 'KAKAO', email)
    await page.getByRole('heading', { name: '이미 가입된 이메일입니다' }).waitFor()
    await page.getByRole('button', { name: /로그인 후 계정 연결하기/ }).click()
    await page.waitForURL((url) => url.pathname === '/sign/in')
    // The old platform's password: the account moves here and its address is confirmed by e-mail.
    await fillSignIn(page, email, password)
    await page.getByRole('heading', { name: '이메일을 확인해주세요' }).waitFor()
    const mail = (await openMailbox(page, email)).at(-1)!
    await page.goto(mail.link)
    await page.getByText('카카오 계정이 연결되었습니다. 다음부터 카카오로도 로그인할 수 있습니다.').waitFor()
    // Signed out, Kakao now lands in that account.
    await signOutFromHeader(page)
    await openConsent(page, 'KAKAO')
    await consentAs(page, 'KAKAO', email)
    await page.getByRole('heading', { name: '로그인되었습니다' }).waitFor()
    expect(await page.getByText('카카오 계정으로 로그인되었습니다.').first().isVisible()).toBe(true)
    // The sign-in the server refused before the account moved over (invalid credentials).
    expect(onlyFailedLoads(errors, [400])).toBe(true)
    errors.length = 0
  })

  it('verification needed: an account not activated is told to check the e-mail', async () => {
    const { page } = await browser.device()
    await openConsent(page, 'GOOGLE')
    await consentAs(page, 'GOOGLE', inactiveLearnerEmail)
    await page.getByRole('heading', { name: '이메일을 확인해주세요' }).waitFor()
    expect(await page.getByText('계정이 활성화되지 않았습니다. 이메일을 확인해주세요.').isVisible()).toBe(true)
    expect(path(page.url())).toBe('/auth/callback')
  })

  it('a hostile redirect through the callback stays on the origin', async () => {
    const learner = testLearner('oauth-hostile')
    const { page } = await browser.device()
    await openConsent(page, 'GOOGLE', `/sign/in?redirect=${encodeURIComponent('https://evil.example/steal')}`)
    // The return address itself tampered with as well: /auth/callback?redirect=//evil.example
    const hostile = `${browser.origin}/auth/callback?redirect=${encodeURIComponent('//evil.example/x')}`
    const forms = page.locator('input[name="redirect_to"]')
    for (let index = 0; index < (await forms.count()); index++) {
      await forms.nth(index).evaluate((input, value) => {
        ;(input as HTMLInputElement).value = value
      }, hostile)
    }
    await consentAs(page, 'GOOGLE', learner.email)
    await page.getByText(`${learner.nickname}님`).waitFor()
    await page.waitForURL((url) => url.pathname === '/')
    expect(page.url()).toBe(`${browser.origin}/`)
  })

  it('the provider refused (cancel): the toast and back to sign-in', async () => {
    const { page, errors } = await browser.device()
    await openConsent(page, 'KAKAO')
    await page.getByRole('button', { name: '취소' }).click()
    await page
      .getByRole('region', { name: /Notifications/ })
      .getByText('OAuth 인증 처리 중 오류 발생')
      .waitFor()
    await page.waitForURL((url) => url.pathname === '/sign/in')
    expect(onlyFailedLoads(errors, [400])).toBe(true)
    errors.length = 0
  })
})
