import { describe, expect, it } from 'vitest'
import { setUpBrowser } from './browser.ts'
import { consentAs, openConsent } from './oauth-steps.ts'

const browser = setUpBrowser()

describe('Korean forms as people type them', () => {
  it('the sign-in page names the last way in with the particle the word takes (이메일로, 카카오로, Google로), never (으)로', async () => {
    for (const [method, said] of [
      ['EMAIL', '최근에 이메일로 로그인했어요'],
      ['KAKAO', '최근에 카카오로 로그인했어요'],
      ['GOOGLE', '최근에 Google로 로그인했어요'],
    ] as const) {
      const { page } = await browser.device()
      // What the client keeps after a sign-in by `method` (its last-login record).
      await page.addInitScript(
        (record: string) => localStorage.setItem('lastLoginInfo', record),
        JSON.stringify({ method, email: null, timestamp: Date.now() }),
      )
      await page.goto('/sign/in')
      const line = page.getByText(said)
      await line.waitFor()
      expect(await line.textContent()).not.toContain('(으)')
    }
  })

  it('the phone field hyphenates as digits are typed, keeps the caret after the digit typed, and sends a number the API takes', async () => {
    const { page, errors } = await browser.device()
    await openConsent(page, 'KAKAO')
    await consentAs(page, 'KAKAO', 'typing.phone@coursekit.test', '입력중')
    await page.getByRole('heading', { name: '회원 정보를 완성해주세요' }).waitFor()
    const phone = page.getByRole('textbox', { name: '휴대폰 번호' })
    await phone.click()
    const shown: string[] = []
    for (const digit of '01012345678') {
      await page.keyboard.type(digit)
      shown.push(await phone.inputValue())
    }
    expect(shown).toEqual([
      '0',
      '01',
      '010',
      '010-1',
      '010-12',
      '010-123',
      '010-1234',
      '010-1234-5',
      '010-1234-56',
      '010-1234-567',
      '010-1234-5678',
    ])
    // A digit typed in the middle: the hyphens move, the caret stays right after it.
    await page.keyboard.press('Home')
    for (let step = 0; step < 6; step++) await page.keyboard.press('ArrowRight')
    await page.keyboard.press('Backspace')
    expect(await phone.inputValue()).toBe('010-1345-678')
    expect(await phone.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(5)
    await page.keyboard.type('9')
    expect(await phone.inputValue()).toBe('010-1934-5678')
    expect(await phone.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(6)

    const sent = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/v2/phone-verification/send')
    const answered = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/v2/phone-verification/send',
    )
    await page.getByRole('button', { name: '인증번호 받기' }).click()
    // The hyphens are for the eye: the client sends the national digits, as it did before.
    expect((await sent).postDataJSON()).toEqual({ phone: '01019345678' })
    expect((await answered).status()).toBe(200)
    await page.getByText('010-1934-5678 번호로 인증번호를 보냈습니다.').waitFor()
    expect(errors).toEqual([])
  })
})
