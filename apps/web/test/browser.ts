import { type Browser, collectPageErrors, launchChromium, type Page } from '@coursekit/test-browser'
import type { BrowserContext } from 'playwright-core'
import { afterEach, expect, inject } from 'vitest'

export interface OpenedPage {
  page: Page
  /** Console errors and uncaught exceptions since the page opened; checked after each test. */
  errors: string[]
}

/**
 * A Chromium per test, started by its first device; a browser context per device (its own storage,
 * cookies and clock). Every page opened here must end its test without a page error.
 *
 * The packaged Chromium runs as one process and crashes when a context closes under a live page,
 * so nothing closes mid-test: after the test every page leaves for about:blank (its pagehide work,
 * beacons included, runs as in a real tab), then the whole browser closes.
 */
export function setUpBrowser() {
  let browser: Promise<Browser> | null = null
  const contexts: BrowserContext[] = []
  const opened: OpenedPage[] = []
  const origin = inject('webOrigin')

  afterEach(async () => {
    const errors = opened.flatMap((entry) => entry.errors)
    opened.length = 0
    const running = browser
    browser = null
    for (const context of contexts.splice(0)) {
      for (const page of context.pages()) await page.goto('about:blank')
    }
    await (await running)?.close()
    expect(errors).toEqual([])
  })

  const open = async (context: BrowserContext): Promise<OpenedPage> => {
    const page = await context.newPage()
    const entry = { page, errors: collectPageErrors(page) }
    opened.push(entry)
    return entry
  }

  return {
    origin,
    /** The backend's anon key, for calling Supabase Auth as the app would. */
    anonKey: inject('webAnonKey'),
    /** A new device: a fresh browser context (phone-sized unless told) and its first page. */
    async device(options: { width?: number; height?: number } = {}): Promise<OpenedPage & { context: BrowserContext }> {
      browser ??= launchChromium()
      const context = await (await browser).newContext({
        baseURL: origin,
        viewport: { width: options.width ?? 390, height: options.height ?? 844 },
        locale: 'ko-KR',
        timezoneId: 'Asia/Seoul',
      })
      contexts.push(context)
      return { ...(await open(context)), context }
    },
    /** Another tab of the same device. */
    tab: open,
  }
}
