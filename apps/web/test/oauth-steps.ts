import type { Page, Request } from 'playwright-core'
import { expect } from 'vitest'

const buttons = { GOOGLE: 'Google 계정으로 로그인', KAKAO: '카카오 로그인' } as const
const consentLabels = { GOOGLE: 'Google', KAKAO: '카카오' } as const

/** From `path` (a sign-in page), the provider's button, to the mock's consent page in its place. */
export async function openConsent(page: Page, provider: 'GOOGLE' | 'KAKAO', path = '/sign/in'): Promise<void> {
  await page.goto(path)
  await page.getByRole('button', { name: buttons[provider] }).click()
  await page.getByRole('heading', { name: `${consentLabels[provider]} 계정으로 계속하기` }).waitFor()
}

/** On the consent page: continues as `email` (a new person when no account has it), back to /auth/callback. */
export async function consentAs(page: Page, provider: 'GOOGLE' | 'KAKAO', email: string, name = ''): Promise<void> {
  await page.getByRole('textbox', { name: '이메일' }).fill(email)
  await page.getByRole('textbox', { name: '이름 (선택)' }).fill(name)
  await page.getByRole('button', { name: `${consentLabels[provider]} 계정으로 계속하기`, exact: true }).click()
  await page.waitForURL((url) => url.pathname === '/auth/callback')
}

/**
 * The latest code texted to `phone`, from the dev SMS outbox. Read it only once the send has been
 * answered (requestSmsCode): the outbox holds the code from then on, not from the click.
 */
export async function smsCode(page: Page, phone: string): Promise<string> {
  const answer = await page.request.get(`/__dev/sms?phone=${encodeURIComponent(phone)}`)
  const { messages } = (await answer.json()) as { messages: { code: string }[] }
  const code = messages.at(-1)?.code
  if (!code) throw new Error(`no code was texted to ${phone}`)
  return code
}

/**
 * "인증번호 받기", then the code it texted to `phone`. The click only starts the send: the outbox is
 * read once the server has answered it, never before (a busy machine answers late).
 */
export async function requestSmsCode(page: Page, phone: string): Promise<string> {
  const sent = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/v2/phone-verification/send',
  )
  await page.getByRole('button', { name: '인증번호 받기' }).click()
  const answer = await sent
  if (answer.status() !== 200) throw new Error(`the code was not sent to ${phone} (${answer.status()})`)
  return smsCode(page, phone)
}

/**
 * Stops the page's clock (installed, running in real time) where it is now, give or take 20 ms,
 * so that only runFor moves it from here, however slow the machine. The page's time runs on while
 * the test reads it, so a pause that would land in the past is asked again.
 */
export async function pauseClockNow(page: Page): Promise<void> {
  for (;;) {
    const now = await page.evaluate(() => Date.now())
    try {
      await page.clock.pauseAt(now + 20)
      return
    } catch (error) {
      if (!(error instanceof Error && error.message.includes('fast-forward to the past'))) throw error
    }
  }
}

/** Whether the page has asked for `path` (the request seen, answered or not) since this was called. */
export function watchRequests(page: Page, path: string): () => boolean {
  let asked = false
  page.on('request', (request: Request) => {
    if (new URL(request.url()).pathname === path) asked = true
  })
  return () => asked
}

/**
 * With Playwright's clock installed and paused: moves it 10 ms at a time until `done`, so the
 * page's timers (the callback's settle and retries) run while its requests answer in real time.
 * Returns how far the clock moved.
 */
export async function runClockUntil(page: Page, done: () => boolean, limitMs = 20_000): Promise<number> {
  let moved = 0
  while (!done()) {
    expect(moved).toBeLessThan(limitMs)
    await page.clock.runFor(10)
    moved += 10
  }
  return moved
}

/** Name, nickname and the phone verified with the code from the dev SMS outbox; then saves. */
export async function completeProfile(
  page: Page,
  fields: { name: string; nickname: string; phone: string },
): Promise<void> {
  await page.getByRole('textbox', { name: '이름' }).fill(fields.name)
  await page.getByRole('textbox', { name: '닉네임' }).fill(fields.nickname)
  await page.getByRole('textbox', { name: '휴대폰 번호' }).fill(fields.phone)
  const texted = await requestSmsCode(page, fields.phone)
  await page.getByRole('textbox', { name: /^인증번호/ }).fill(texted)
  await page.getByRole('button', { name: '확인', exact: true }).click()
  await page.getByText('휴대폰 번호가 인증되었습니다.').waitFor()
  await page.getByRole('button', { name: '저장하고 시작하기' }).click()
}

/** The bodies of the conversions `page` sends (PUT track-conversion) from now on, as they go. */
export function conversionsSent(page: Page): unknown[] {
  const sent: unknown[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (request.method() === 'PUT' && pathname.startsWith('/api/v2/analytics/track-conversion/')) {
      sent.push(request.postDataJSON())
    }
  })
  return sent
}
