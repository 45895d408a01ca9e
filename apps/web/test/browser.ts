import { type Browser, collectPageErrors, launchChromium, type Page } from '@coursekit/test-browser'
import type { BrowserContext } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest'

export interface OpenedPage {
  page: Page
  /** Console errors and uncaught exceptions since the page opened; checked after each test. */
  errors: string[]
}

/**
 * One Chromium per test file; a browser context per device (its own storage, cookies and clock).
 * Every page opened through `device()` must end its test without a page error.
 */
export function setUpBrowser() {
  let browser: Browser
  const contexts: BrowserContext[] = []
  const opened: OpenedPage[] = []
  const origin = inject('webOrigin')

  beforeAll(async () => {
    browser = await launchChromium()
  })
  afterEach(async () => {
    const errors = opened.flatMap((entry) => entry.errors)
    opened.length = 0
    await Promise.all(contexts.splice(0).map((context) => context.close()))
    expect(errors).toEqual([])
  })
  afterAll(async () => {
    await browser?.close()
  })

  return {
    origin,
    /** A new device: a fresh browser context (phone-sized unless told) and its first page. */
    async device(options: { width?: number; height?: number } = {}): Promise<OpenedPage & { context: BrowserContext }> {
      const context = await browser.newContext({
        baseURL: origin,
        viewport: { width: options.width ?? 390, height: options.height ?? 844 },
        locale: 'ko-KR',
        timezoneId: 'Asia/Seoul',
      })
      contexts.push(context)
      const page = await context.newPage()
      const entry = { page, errors: collectPageErrors(page) }
      opened.push(entry)
      return { ...entry, context }
    },
    /** Another tab of the same device. */
    async tab(context: BrowserContext): Promise<OpenedPage> {
      const page = await context.newPage()
      const entry = { page, errors: collectPageErrors(page) }
      opened.push(entry)
      return entry
    },
  }
}
