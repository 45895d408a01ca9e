import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
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

describe('the packaged Chromium', () => {
  it('is unpacked once when test files ask for it at the same time, and then launches', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'coursekit-chromium-'))
    const before = process.env.TMPDIR
    // @sparticuz/chromium unpacks into os.tmpdir(), which follows TMPDIR.
    process.env.TMPDIR = dir
    try {
      const binary = join(dir, 'chromium')
      const first = findChromium({}, '/nonexistent/chromium')
      // The second asks while the first is still writing the binary.
      while (!existsSync(binary)) await new Promise((resolve) => setTimeout(resolve, 5))
      const second = await findChromium({}, '/nonexistent/chromium')
      expect(second).toMatchObject({ path: binary, source: '@sparticuz/chromium' })
      const browser = await chromium.launch({ executablePath: second.path, args: second.args })
      expect((await first).path).toBe(binary)
      const page = await browser.newPage()
      await page.setContent('<p>ok</p>')
      expect(await page.textContent('p')).toBe('ok')
      await browser.close()
    } finally {
      if (before === undefined) delete process.env.TMPDIR
      else process.env.TMPDIR = before
      await rm(dir, { recursive: true, force: true })
    }
  }, 180_000)
})
