import { type Browser, collectPageErrors, launchChromium, type Page } from '@coursekit/test-browser'
import type { BrowserContext } from 'playwright-core'
import { afterEach, expect, inject } from 'vitest'

export interface OpenedPage {
  page: Page
  /** Console errors and uncaught exceptions since the page opened; checked after each test. */
  errors: string[]
}

/**
 * A Chromium per device, each with one browser context (its own storage, cookies and clock): the
 * packaged Chromium runs as one process whose contexts share web storage, so two devices in one
 * browser would be one signed-in device. Every page opened here must end its test without a page
 * error.
 *
 * That Chromium also crashes when a context closes under a live page, so nothing closes mid-test:
 * after the test every page leaves for about:blank (its pagehide work, beacons included, runs as in
 * a real tab), then the browsers close.
 */
export function setUpBrowser() {
  const browsers: Promise<Browser>[] = []
  const contexts: BrowserContext[] = []
  const opened: OpenedPage[] = []
  const origin = inject('webOrigin')

  afterEach(async () => {
    const errors = opened.flatMap((entry) => entry.errors)
    opened.length = 0
    const running = browsers.splice(0)
    for (const context of contexts.splice(0)) {
      for (const page of context.pages()) await page.goto('about:blank')
    }
    for (const browser of running) await (await browser).close()
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
    /**
     * A new device: a fresh browser context (phone-sized, in Seoul, unless told; `userAgent` to pose
     * as another browser; `origin` for another app than the tests' one) and its first page.
     */
    async device(
      options: { width?: number; height?: number; userAgent?: string; timezoneId?: string; origin?: string } = {},
    ): Promise<OpenedPage & { context: BrowserContext }> {
      const browser = launchChromium()
      browsers.push(browser)
      const context = await (await browser).newContext({
        baseURL: options.origin ?? origin,
        viewport: { width: options.width ?? 390, height: options.height ?? 844 },
        locale: 'ko-KR',
        timezoneId: options.timezoneId ?? 'Asia/Seoul',
        ...(options.userAgent ? { userAgent: options.userAgent } : {}),
      })
      contexts.push(context)
      return { ...(await open(context)), context }
    },
    /** Another tab of the same device. */
    tab: open,
  }
}
