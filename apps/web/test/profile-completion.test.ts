import { AxeBuilder } from '@axe-core/playwright'
import { legacyAccount } from '@coursekit/mock-server'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { incompleteLearner } from './accounts.ts'
import { setUpBrowser } from './browser.ts'
import { completeProfile, consentAs, openConsent, requestSmsCode } from './oauth-steps.ts'
import { fillSignIn, onlyFailedLoads } from './sign-in-steps.ts'

const browser = setUpBrowser()

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze()
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}

describe('profile completion (/sign/complete/{userId}/{email})', () => {
  it('an incomplete profile is sent here at most 3 times, then where the person was going', async () => {
    const { page } = await browser.device()
    await page.goto('/sign/in?redirect=%2Fcourses')
    await fillSignIn(page, incompleteLearner.email, incompleteLearner.password)
    const completion = page.getByRole('heading', { name: '회원 정보를 완성해주세요' })
    await completion.waitFor()
    expect(await page.getByText(incompleteLearner.email).isVisible()).toBe(true)
    // "나중에 하기" goes where the person was going.
    await page.getByRole('button', { name: '나중에 하기' }).click()
    await page.waitForURL((url) => url.pathname === '/courses')
    // Visits two and three.
    for (let visit = 2; visit <= 3; visit++) {
      await page.goto('/')
      await page.waitForURL((url) => url.pathname.startsWith('/sign/complete/'))
      await completion.waitFor()
      await page.getByRole('button', { name: '나중에 하기' }).click()
      await page.waitForURL((url) => url.pathname === '/')
    }
    // The fourth time the profile counts as complete: home stays.
    await page.goto('/courses')
    await page.getByRole('button', { name: `${incompleteLearner.name}님` }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/courses')
    expect(await page.evaluate(() => sessionStorage.getItem('profileRedirectCount'))).toBe('3')
  })

  it("DUPLICATE_PHONE: 계정 생성 실패 with the server's error and suggestion, and nothing saved", async () => {
    const { page, errors } = await browser.device()
    await openConsent(page, 'KAKAO')
    await consentAs(page, 'KAKAO', 'duplicate.phone@coursekit.test', '중복번호')
    await page.getByRole('heading', { name: '회원 정보를 완성해주세요' }).waitFor()
    // The phone of a learner who already has an account.
    await completeProfile(page, { name: '중복번호', nickname: '중복', phone: '010-9000-0000' })
    await page
      .getByRole('region', { name: /Notifications/ })
      .getByText('계정 생성 실패')
      .first()
      .waitFor()
    const alert = page.getByRole('alert').filter({ hasText: '휴대폰 번호' })
    await alert.waitFor()
    expect(await alert.textContent()).toBe(
      '이미 가입된 휴대폰 번호입니다.다른 휴대폰 번호를 입력하시거나, 해당 번호로 가입한 계정으로 로그인해주세요.',
    )
    expect(new URL(page.url()).pathname.startsWith('/sign/complete/')).toBe(true)
    expect(onlyFailedLoads(errors, [409])).toBe(true)
    errors.length = 0
  })

  it("DUPLICATE_EMAIL: 계정 생성 실패 with the server's error and suggestion, still on the page with what was typed", async () => {
    const { page, errors } = await browser.device()
    await openConsent(page, 'GOOGLE')
    await consentAs(page, 'GOOGLE', 'duplicate.email@coursekit.test', '중복메일')
    await page.getByRole('heading', { name: '회원 정보를 완성해주세요' }).waitFor()
    // The mock never lets an OAuth sign-up reach this on its own (an address another account has is
    // ACCOUNT_CONFLICT at oauth/process, before any record), so the save goes out for an id it holds
    // no record of: its own users/create rules then find the address taken.
    let sent: { id?: string } = {}
    await page.route(
      (url) => url.pathname === '/api/v2/users/create',
      (route) => {
        sent = route.request().postDataJSON() as { id?: string }
        void route.continue({ postData: JSON.stringify({ ...sent, id: crypto.randomUUID() }) })
      },
      { times: 1 },
    )
    await completeProfile(page, { name: '중복메일', nickname: '메일중복', phone: '010-7100-0009' })
    await page
      .getByRole('region', { name: /Notifications/ })
      .getByText('계정 생성 실패')
      .first()
      .waitFor()
    const alert = page.getByRole('alert').filter({ hasText: '이메일' })
    await alert.waitFor()
    expect(await alert.textContent()).toBe(
      '이미 가입된 이메일입니다.기존 계정으로 로그인하시거나, 비밀번호 찾기를 이용해주세요.',
    )
    expect(sent).toMatchObject({ email: 'duplicate.email@coursekit.test', oauthProviders: ['GOOGLE'] })
    expect(new URL(page.url()).pathname.startsWith('/sign/complete/')).toBe(true)
    // What was typed stays for another try.
    expect(await page.getByRole('textbox', { name: '닉네임' }).inputValue()).toBe('메일중복')
    expect(onlyFailedLoads(errors, [409])).toBe(true)
    errors.length = 0
  })

  it("a wrong code shows the server's words under the phone; the save waits for a verified number", async () => {
    const { page, errors } = await browser.device()
    await openConsent(page, 'GOOGLE')
    await consentAs(page, 'GOOGLE', 'wrong.code@coursekit.test', '오답')
    await page.getByRole('heading', { name: '회원 정보를 완성해주세요' }).waitFor()
    const save = page.getByRole('button', { name: '저장하고 시작하기' })
    expect(await save.isDisabled()).toBe(true)
    await page.getByRole('textbox', { name: '휴대폰 번호' }).fill('010-7100-0004')
    const right = await requestSmsCode(page, '010-7100-0004')
    await page.getByRole('textbox', { name: /^인증번호/ }).fill(right === '000000' ? '111111' : '000000')
    await page.getByRole('button', { name: '확인', exact: true }).click()
    await page.getByRole('status').filter({ hasText: '인증번호' }).waitFor()
    expect(await page.getByText('휴대폰 번호가 인증되었습니다.').count()).toBe(0)
    expect(await save.isDisabled()).toBe(true)
    expect(onlyFailedLoads(errors, [400])).toBe(true)
    errors.length = 0
  })

  it.each([
    [390, 844],
    [1280, 800],
  ])(
    'axe at %ix%i: the callback (account conflict) and the completion page with a code sent',
    async (width, height) => {
      const { page } = await browser.device({ width, height })
      await openConsent(page, 'GOOGLE')
      await consentAs(page, 'GOOGLE', legacyAccount.email)
      await page.getByRole('heading', { name: '이미 가입된 이메일입니다' }).waitFor()
      expect(await seriousViolations(page)).toEqual([])
      await openConsent(page, 'GOOGLE')
      await consentAs(page, 'GOOGLE', `axe.complete.${width}@coursekit.test`, '접근성')
      await page.getByRole('heading', { name: '회원 정보를 완성해주세요' }).waitFor()
      expect(await seriousViolations(page)).toEqual([])
      const phone = `010-7200-${String(width).padStart(4, '0')}`
      await page.getByRole('textbox', { name: '휴대폰 번호' }).fill(phone)
      await page.getByRole('button', { name: '인증번호 받기' }).click()
      await page.getByRole('textbox', { name: /^인증번호/ }).waitFor()
      expect(await seriousViolations(page)).toEqual([])
      // The phone's row (field and resend button) fits the width, in the page's own font.
      await page.evaluate(() => document.fonts.ready)
      const resend = await page.getByRole('button', { name: /^재전송/ }).boundingBox()
      expect((resend?.x ?? 0) + (resend?.width ?? 0)).toBeLessThanOrEqual(width)
    },
  )
})
