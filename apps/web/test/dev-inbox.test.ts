import { describe, expect, it } from 'vitest'
import { testLearner } from './accounts.ts'
import { seriousViolations } from './axe.ts'
import { setUpBrowser } from './browser.ts'

const browser = setUpBrowser()

/** What the page has selected now (a click on a copy box selects it whole). */
const selection = (page: import('playwright-core').Page) => page.evaluate(() => getSelection()?.toString() ?? '')

describe('the dev mailbox and SMS outbox in a browser', () => {
  it('the mailbox is a page: the reset mail newest first, its link selected whole at one click and followed by another', async () => {
    const learner = testLearner('dev-inbox')
    const { page } = await browser.device()
    await page.goto('/sign/in')
    await page.getByRole('link', { name: '비밀번호 찾기' }).click()
    // The sign-in page has an 이메일 field too: fill the reset page's, once its code has loaded.
    await page.getByRole('heading', { level: 1, name: '비밀번호 찾기' }).waitFor()
    await page.getByRole('textbox', { name: '이메일' }).fill(learner.email)
    await page.getByRole('button', { name: '재설정 링크 받기' }).click()
    await page.getByRole('heading', { name: '이메일을 확인해주세요' }).waitFor()

    await page.goto(`/__dev/mailbox?email=${encodeURIComponent(learner.email)}`)
    await page.getByRole('heading', { level: 1, name: `개발 메일함 · ${learner.email}` }).waitFor()
    expect(await page.getByRole('heading', { level: 2, name: '비밀번호 재설정 안내' }).count()).toBe(1)
    expect(await seriousViolations(page)).toEqual([])
    const link = page.locator('[data-copy="link"]').first()
    await link.click()
    expect(await selection(page)).toBe(await link.textContent())
    const token = page.locator('[data-copy="token"]').first()
    await token.click()
    expect(await selection(page)).toBe(await token.textContent())

    await page.getByRole('link', { name: '링크 열기' }).first().click()
    await page.waitForURL((url) => url.pathname === '/sign/reset-password/confirm')
    await page.getByRole('heading', { name: '새 비밀번호 정하기' }).waitFor()
  })

  it('the SMS outbox is a page: the code selected whole at one click; another number looked up by its form', async () => {
    const { page } = await browser.device({ width: 1280, height: 800 })
    await page.goto('/')
    const phone = '010-7300-0001'
    const sent = await page.request.post('/api/v2/phone-verification/send', { data: { phone } })
    expect(sent.status()).toBe(200)

    await page.goto(`/__dev/sms?phone=${encodeURIComponent(phone)}`)
    const code = page.locator('[data-copy="code"]')
    await code.waitFor()
    expect(await code.textContent()).toMatch(/^\d{6}$/)
    await code.click()
    expect(await selection(page)).toBe(await code.textContent())
    expect(await seriousViolations(page)).toEqual([])

    await page.getByRole('textbox', { name: '휴대폰 번호' }).fill('010-7300-0002')
    await page.getByRole('button', { name: '보기' }).click()
    await page.getByText('아직 받은 문자가 없습니다.').waitFor()
    expect(new URL(page.url()).searchParams.get('phone')).toBe('010-7300-0002')
  })
})
