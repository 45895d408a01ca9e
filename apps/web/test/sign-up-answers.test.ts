import { describe, expect, it } from 'vitest'
import { seriousViolations } from './axe.ts'
import { setUpBrowser } from './browser.ts'
import { openMailbox } from './mailbox-steps.ts'
import { openConsent } from './oauth-steps.ts'
import { fillSignUp, onlyFailedLoads } from './sign-in-steps.ts'

const browser = setUpBrowser()

const CONSENTS = ['이용약관 동의', '개인정보 수집·이용 동의', '만 14세 이상입니다']

describe('sign-up as Korean services do it (/sign/up)', () => {
  it.each([
    [390, 844],
    [1280, 800],
  ] as const)(
    'at %ix%i nothing is sent until the required consents are ticked; 전체 동의 ticks and unticks them all',
    async (width, height) => {
      const email = `consent-${width}@coursekit.test`
      const { page, errors } = await browser.device({ width, height })
      const signUps: string[] = []
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/auth/v1/signup') signUps.push(request.method())
      })
      await page.goto('/sign/up')
      await page.getByRole('heading', { name: '회원가입' }).waitFor()
      expect(await seriousViolations(page)).toEqual([])

      await fillSignUp(page, email, 'consent-pass-1', { consent: false })
      const error = page.getByText('필수 약관에 모두 동의해주세요.')
      await error.waitFor()
      const errorId = await error.getAttribute('id')
      for (const name of CONSENTS) {
        const box = page.getByRole('checkbox', { name })
        expect(await box.getAttribute('aria-invalid')).toBe('true')
        expect(await box.getAttribute('aria-describedby')).toBe(errorId)
      }
      expect(await seriousViolations(page)).toEqual([])
      expect(signUps).toEqual([])
      // What was typed stays.
      expect(await page.getByRole('textbox', { name: '이메일' }).inputValue()).toBe(email)

      const all = page.getByRole('checkbox', { name: '전체 동의' })
      await all.check()
      for (const name of CONSENTS) expect(await page.getByRole('checkbox', { name }).isChecked()).toBe(true)
      expect(await error.count()).toBe(0)
      await page.getByRole('checkbox', { name: '만 14세 이상입니다' }).uncheck()
      expect(await all.isChecked()).toBe(false)
      await page.getByRole('button', { name: '가입하기' }).click()
      await page.getByText('필수 약관에 모두 동의해주세요.').waitFor()
      expect(await page.getByRole('checkbox', { name: '만 14세 이상입니다' }).getAttribute('aria-invalid')).toBe('true')
      expect(await page.getByRole('checkbox', { name: '이용약관 동의' }).getAttribute('aria-invalid')).toBeNull()
      expect(signUps).toEqual([])
      await all.check()
      await all.uncheck()
      for (const name of CONSENTS) expect(await page.getByRole('checkbox', { name }).isChecked()).toBe(false)

      await all.check()
      await page.getByRole('button', { name: '가입하기' }).click()
      await page.getByRole('heading', { name: '이메일을 확인해주세요' }).waitFor()
      expect(signUps).toEqual(['POST'])
      expect(onlyFailedLoads(errors, [])).toBe(true)
    },
  )

  it('offers Kakao and Google as sign-in does', async () => {
    const { page } = await browser.device()
    await page.goto('/sign/up')
    await page.getByRole('button', { name: 'Google 계정으로 로그인' }).waitFor()
    await page.getByRole('button', { name: '카카오 로그인' }).click()
    await page.waitForURL((url) => url.pathname.startsWith('/auth/v1/authorize'))
    expect(new URL(page.url()).searchParams.get('provider')).toBe('kakao')
  })

  it('the check-your-e-mail screen: going on is the main action, sending the mail again the secondary one', async () => {
    const { page } = await browser.device()
    await page.goto('/sign/up')
    await fillSignUp(page, 'secondary-resend@coursekit.test', 'secondary-pass-1')
    await page.getByRole('heading', { name: '이메일을 확인해주세요' }).waitFor()
    const background = (name: string) =>
      page.getByRole('button', { name }).evaluate((button) => getComputedStyle(button).backgroundColor)
    const brand = await page.evaluate(() => {
      const probe = document.createElement('span')
      probe.className = 'bg-brand-strong'
      document.body.append(probe)
      const colour = getComputedStyle(probe).backgroundColor
      probe.remove()
      return colour
    })
    expect(await background('로그인 화면으로')).toBe(brand)
    expect(await background('인증 메일 다시 보내기')).toBe('rgb(255, 255, 255)')
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('button', { name: '로그인 화면으로' }).click()
    await page.waitForURL((url) => url.pathname === '/sign/in')
  })
})

describe('an expired or used confirmation link (/auth/callback)', () => {
  it('says so and sends a new confirmation to the address this browser signed up with, without asking for it', async () => {
    const email = 'used-link@coursekit.test'
    const { page, errors } = await browser.device()
    await page.goto('/sign/up')
    await fillSignUp(page, email, 'used-link-pass-1')
    await page.getByRole('heading', { name: '이메일을 확인해주세요' }).waitFor()
    const link = (await openMailbox(page, email)).at(-1)!.link
    // Followed once already (on the phone, say), then again here.
    const phone = await browser.device()
    await phone.page.goto(link)
    await phone.page.waitForURL((url) => url.pathname === '/auth/callback')
    await page.goto(link)
    await page.getByRole('heading', { name: '인증 링크를 사용할 수 없습니다' }).waitFor()
    expect(await page.getByRole('alert').textContent()).toBe('인증 링크가 만료되었거나 이미 사용되었습니다.')
    expect(await page.getByText(`${email} 주소로 새 인증 메일을 보낼 수 있습니다.`, { exact: false }).isVisible()).toBe(
      true,
    )
    // Said on the page: no toast, and the page stays.
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0)
    expect(new URL(page.url()).pathname).toBe('/auth/callback')
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('button', { name: '새 인증 메일 받기' }).click()
    await page.getByRole('status').filter({ hasText: '인증 메일을 다시 보냈습니다.' }).waitFor()
    await page.getByRole('link', { name: '로그인 화면으로' }).click()
    await page.waitForURL((url) => url.pathname === '/sign/in')
    expect(onlyFailedLoads(errors, [])).toBe(true)
  })

  it('past its five minutes (flow_state_expired): says so on the page, with no toast, and offers a new mail', async () => {
    const email = 'expired-link@coursekit.test'
    const { page, errors } = await browser.device()
    await page.goto('/sign/up')
    await fillSignUp(page, email, 'expired-link-pass-1')
    await page.getByRole('heading', { name: '이메일을 확인해주세요' }).waitFor()
    const link = (await openMailbox(page, email)).at(-1)!.link
    // The auth server's clock is not moved: the account's mail and flow are made older than five minutes.
    const aged = await page.request.post('/__dev/mailbox/backdate', { data: { email, ms: 5 * 60_000 + 1_000 } })
    expect(aged.status()).toBe(200)
    await page.goto(link)
    await page.getByRole('heading', { name: '인증 링크를 사용할 수 없습니다' }).waitFor()
    expect(await page.getByRole('alert').textContent()).toBe('인증 링크가 만료되었거나 이미 사용되었습니다.')
    expect(await page.getByText('이미 인증을 마쳤다면 바로 로그인해주세요.', { exact: false }).isVisible()).toBe(true)
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0)
    expect(new URL(page.url()).pathname).toBe('/auth/callback')
    expect(await page.getByRole('button', { name: '새 인증 메일 받기' }).isVisible()).toBe(true)
    expect(await seriousViolations(page)).toEqual([])
    // The exchange the auth server refused as expired (422).
    expect(onlyFailedLoads(errors, [422])).toBe(true)
    errors.length = 0
  })

  it('in a browser that signed nobody up, it sends the person to sign in, which mails a new link', async () => {
    const { page } = await browser.device()
    await page.goto(
      '/auth/callback?error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
    )
    await page.getByRole('heading', { name: '인증 링크를 사용할 수 없습니다' }).waitFor()
    expect(await page.getByRole('button', { name: '새 인증 메일 받기' }).count()).toBe(0)
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('link', { name: '로그인 화면으로' }).click()
    await page.waitForURL((url) => url.pathname === '/sign/in')
  })

  it('a Google return whose code the auth server no longer knows (used, or past its 5 minutes): start again', async () => {
    const { page, errors } = await browser.device()
    await openConsent(page, 'GOOGLE')
    // The consent page was reached with the way back; come back with a code the server never issued.
    const back = new URL(new URL(page.url()).searchParams.get('redirect_to')!)
    back.searchParams.set('code', crypto.randomUUID())
    await page.goto(back.href)
    await page.getByRole('heading', { name: '로그인 시간이 초과되었습니다' }).waitFor()
    expect(await page.getByRole('alert').textContent()).toBe(
      '로그인 시간이 초과되었습니다. 처음부터 다시 로그인해주세요.',
    )
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0)
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('link', { name: '다시 로그인하기' }).click()
    await page.waitForURL((url) => url.pathname === '/sign/in')
    // The exchange the server refused (404 flow_state_not_found).
    expect(onlyFailedLoads(errors, [404])).toBe(true)
    errors.length = 0
  })
})
