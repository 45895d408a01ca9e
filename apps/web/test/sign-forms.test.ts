import { describe, expect, it } from 'vitest'
import { testLearner } from './accounts.ts'
import { seriousViolations } from './axe.ts'
import { setUpBrowser } from './browser.ts'
import { openMailbox } from './mailbox-steps.ts'
import { fillSignUp, onlyFailedLoads, signInAs } from './sign-in-steps.ts'

const browser = setUpBrowser()

const RULES = {
  emailRequired: '이메일을 입력해주세요.',
  emailInvalid: '이메일 주소 형식을 확인해주세요.',
  passwordRequired: '비밀번호를 입력해주세요.',
  passwordShort: '비밀번호는 6자 이상이어야 합니다.',
  passwordLong: '비밀번호는 72자 이하여야 합니다.',
  mismatch: '비밀번호가 일치하지 않습니다.',
}

describe('sign-up (/sign/up)', () => {
  it('from /sign/in: an account, the check-your-e-mail screen, the mail in the dev mailbox, resend sends another', async () => {
    const email = 'signup-journey@coursekit.test'
    const { page } = await browser.device()
    await page.goto('/sign/in')
    await page.getByRole('link', { name: '회원가입' }).click()
    await page.getByRole('heading', { name: '회원가입' }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await fillSignUp(page, email, 'signup-pass-1')
    await page.getByRole('heading', { name: '이메일을 확인해주세요' }).waitFor()
    expect(await page.getByText(email).isVisible()).toBe(true)
    expect(await seriousViolations(page)).toEqual([])
    // The auth server mails an address once a minute: let the minute pass on the backend, no sleeping.
    const backdated = await page.request.post('/__dev/mailbox/backdate', { data: { email, ms: 60_000 } })
    expect(backdated.status()).toBe(200)
    await page.getByRole('button', { name: '인증 메일 다시 보내기' }).click()
    await page.getByRole('status').filter({ hasText: '인증 메일을 다시 보냈습니다.' }).waitFor()

    const mails = await openMailbox(page, email)
    expect(mails.map((mail) => mail.kind)).toEqual(['signup', 'signup'])
    // The confirmation link comes back to the app's /auth/callback (a colleague's page).
    expect(new URL(mails[0]!.link).searchParams.get('redirect_to')).toBe(`${browser.origin}/auth/callback`)
  })

  it.each([
    ['', 'good-pass-1', 'good-pass-1', { 이메일: RULES.emailRequired }],
    ['not-an-address', 'good-pass-1', 'good-pass-1', { 이메일: RULES.emailInvalid }],
    ['rules@coursekit.test', '', '', { 비밀번호: RULES.passwordRequired }],
    ['rules@coursekit.test', '12345', '12345', { 비밀번호: RULES.passwordShort }],
    ['rules@coursekit.test', 'x'.repeat(73), 'x'.repeat(73), { 비밀번호: RULES.passwordLong }],
    ['rules@coursekit.test', 'good-pass-1', 'good-pass-2', { '비밀번호 확인': RULES.mismatch }],
  ])('%j / %j / %j: the field says what is wrong and nothing typed is lost', async (email, password, confirm, said) => {
    const { page } = await browser.device()
    await page.goto('/sign/up')
    const fields = {
      이메일: page.getByRole('textbox', { name: '이메일' }),
      비밀번호: page.getByLabel('비밀번호', { exact: true }),
      '비밀번호 확인': page.getByLabel('비밀번호 확인'),
    }
    await fields.이메일.fill(email)
    await fields.비밀번호.fill(password)
    await fields['비밀번호 확인'].fill(confirm)
    await page.getByRole('button', { name: '가입하기' }).click()
    for (const [label, message] of Object.entries(said)) {
      const field = fields[label as keyof typeof fields]
      await page.getByText(message).waitFor()
      expect(await field.getAttribute('aria-invalid')).toBe('true')
      // The message is the field's description, for a screen reader too.
      expect(await field.evaluate((input) => input.getAttribute('aria-describedby'))).toBe(
        await page.getByText(message).getAttribute('id'),
      )
    }
    expect(await fields.이메일.inputValue()).toBe(email)
    expect(await fields.비밀번호.inputValue()).toBe(password)
    expect(await fields['비밀번호 확인'].inputValue()).toBe(confirm)
    expect(new URL(page.url()).pathname).toBe('/sign/up')
  })

  it('works with the keyboard alone', async () => {
    const email = 'signup-keyboard@coursekit.test'
    const { page } = await browser.device({ width: 1280, height: 800 })
    await page.goto('/sign/up')
    await page.getByRole('heading', { name: '회원가입' }).waitFor()
    const focusedName = () => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name ?? '')
    for (let press = 0; press < 30 && (await focusedName()) !== 'email'; press++) await page.keyboard.press('Tab')
    expect(await focusedName()).toBe('email')
    await page.keyboard.type(email)
    await page.keyboard.press('Tab')
    expect(await focusedName()).toBe('password')
    await page.keyboard.type('keyboard-pass-1')
    await page.keyboard.press('Tab')
    expect(await focusedName()).toBe('passwordConfirm')
    await page.keyboard.type('keyboard-pass-1')
    // Enter before the consents: nothing is sent, the form says what is missing.
    await page.keyboard.press('Enter')
    await page.getByText('필수 약관에 모두 동의해주세요.').waitFor()
    await page.keyboard.press('Tab')
    expect(await focusedName()).toBe('allConsents')
    await page.keyboard.press('Space')
    for (const name of ['terms', 'privacy', 'age14']) {
      await page.keyboard.press('Tab')
      expect(await focusedName()).toBe(name)
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).checked)).toBe(true)
    }
    expect(await page.getByText('필수 약관에 모두 동의해주세요.').count()).toBe(0)
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { name: '이메일을 확인해주세요' }).waitFor()
  })
})

describe('password reset (/sign/reset-password, /sign/reset-password/confirm)', () => {
  it('from /sign/in: the mailbox link, a new password, the spec’s toast, /sign/in, and the new password signs in', async () => {
    const learner = testLearner('reset')
    const { page, errors } = await browser.device()
    await page.goto('/sign/in')
    await page.getByRole('link', { name: '비밀번호 찾기' }).click()
    await page.getByRole('heading', { name: '비밀번호 찾기' }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('textbox', { name: '이메일' }).fill('not-an-address')
    await page.getByRole('button', { name: '재설정 링크 받기' }).click()
    await page.getByText(RULES.emailInvalid).waitFor()
    await page.getByRole('textbox', { name: '이메일' }).fill(learner.email)
    await page.getByRole('button', { name: '재설정 링크 받기' }).click()
    await page.getByRole('heading', { name: '이메일을 확인해주세요' }).waitFor()
    expect(await seriousViolations(page)).toEqual([])

    const mail = (await openMailbox(page, learner.email)).at(-1)!
    expect(mail.kind).toBe('recovery')
    await page.goto(mail.link)
    await page.waitForURL((url) => url.pathname === '/sign/reset-password/confirm')
    await page.getByRole('heading', { name: '새 비밀번호 정하기' }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await page.getByLabel('새 비밀번호', { exact: true }).fill('after-reset-1')
    await page.getByLabel('새 비밀번호 확인').fill('after-reset-2')
    await page.getByRole('button', { name: '비밀번호 변경' }).click()
    await page.getByText(RULES.mismatch).waitFor()
    expect(await page.getByLabel('새 비밀번호', { exact: true }).inputValue()).toBe('after-reset-1')
    await page.getByLabel('새 비밀번호 확인').fill('after-reset-1')
    await page.getByRole('button', { name: '비밀번호 변경' }).click()
    await page.getByText('비밀번호가 성공적으로 변경되었습니다.').waitFor()
    await page.waitForURL((url) => url.pathname === '/sign/in')
    // The form starts with the account's address: only the new password is left to type.
    expect(await page.getByRole('textbox', { name: '이메일' }).inputValue()).toBe(learner.email)

    await signInAs(page, { ...learner, password: 'after-reset-1' })
    expect(onlyFailedLoads(errors, [])).toBe(true)
  })

  it('a link opened a second time says it is used, in the spec’s words, and sends a new one to the same address at a press', async () => {
    const learner = testLearner('reset-keyboard')
    const { page, errors } = await browser.device({ width: 1280, height: 800 })
    await page.goto('/sign/reset-password')
    // Keyboard alone: to the address, type, Enter.
    const focusedName = () => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name ?? '')
    for (let press = 0; press < 30 && (await focusedName()) !== 'email'; press++) await page.keyboard.press('Tab')
    await page.keyboard.type(learner.email)
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { name: '이메일을 확인해주세요' }).waitFor()
    const mail = (await openMailbox(page, learner.email)).at(-1)!
    await page.goto(mail.link)
    await page.getByRole('heading', { name: '새 비밀번호 정하기' }).waitFor()
    await page.goto(mail.link)
    await page.getByRole('heading', { name: '비밀번호 변경 실패' }).waitFor()
    expect(await page.getByRole('alert').textContent()).toBe(
      '링크가 만료되었거나 이미 사용되었습니다. 비밀번호 재설정 링크를 다시 받아주세요.',
    )
    // The address this browser asked the link for, not typed again.
    expect(await page.getByText(`${learner.email} 주소로 새 재설정 링크를 보낼 수 있습니다.`).isVisible()).toBe(true)
    expect(await seriousViolations(page)).toEqual([])
    // The auth server mails an address once a minute: let the minute pass on the backend, no sleeping.
    const backdated = await page.request.post('/__dev/mailbox/backdate', { data: { email: learner.email, ms: 60_000 } })
    expect(backdated.status()).toBe(200)
    await page.getByRole('button', { name: '새 재설정 링크 받기' }).click()
    await page.getByRole('status').filter({ hasText: '새 재설정 링크를 보냈습니다.' }).waitFor()
    const mails = await openMailbox(page, learner.email)
    expect(mails.filter((each) => each.kind === 'recovery')).toHaveLength(2)
    await page.goBack()
    await page.getByRole('link', { name: '다른 이메일로 받기' }).click()
    await page.getByRole('heading', { name: '비밀번호 찾기' }).waitFor()
    expect(onlyFailedLoads(errors, [])).toBe(true)
  })

  it('a link opened in a browser that asked for none offers the form', async () => {
    const learner = testLearner('reset-elsewhere')
    const asked = await browser.device()
    await asked.page.goto('/sign/reset-password')
    await asked.page.getByRole('textbox', { name: '이메일' }).fill(learner.email)
    await asked.page.getByRole('button', { name: '재설정 링크 받기' }).click()
    await asked.page.getByRole('heading', { name: '이메일을 확인해주세요' }).waitFor()
    const mail = (await openMailbox(asked.page, learner.email)).at(-1)!
    await asked.page.goto(mail.link)
    await asked.page.getByRole('heading', { name: '새 비밀번호 정하기' }).waitFor()

    const { page } = await browser.device()
    await page.goto(mail.link)
    await page.getByRole('heading', { name: '비밀번호 변경 실패' }).waitFor()
    expect(await page.getByRole('button', { name: '새 재설정 링크 받기' }).count()).toBe(0)
    await page.getByRole('link', { name: '재설정 링크 다시 받기' }).click()
    await page.getByRole('heading', { name: '비밀번호 찾기' }).waitFor()
  })
})
