import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Browser, collectPageErrors, findChromium, launchChromium } from './index.ts'

describe('the test browser', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launchChromium()
  }, 120_000)
  afterAll(async () => {
    await browser?.close()
  })

  it('renders a page and reports its console errors and uncaught exceptions', async () => {
    const page = await browser.newPage()
    const errors = collectPageErrors(page)
    await page.setContent(
      '<p id="p">안녕하세요</p><script>console.error("broken"); setTimeout(() => { throw new Error("late") })</script>',
    )
    expect(await page.textContent('#p')).toBe('안녕하세요')
    await page.waitForFunction(() => true)
    await expect.poll(() => errors.length).toBe(2)
    expect(errors).toEqual(['console.error: broken', 'uncaught: late'])
    await page.close()
  })

  it('takes COURSEKIT_CHROMIUM over any other Chromium', async () => {
    const found = await findChromium({ COURSEKIT_CHROMIUM: '/opt/my-chromium' })
    expect(found).toMatchObject({ path: '/opt/my-chromium', source: 'env' })
  })
})
