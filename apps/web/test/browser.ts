import {
  type Browser,
  collectPageErrors,
  launchChromium,
  type Page,
  reportPolicyViolations,
} from '@coursekit/test-browser'
import type { BrowserContext } from 'playwright-core'
import { afterAll, afterEach, expect, inject } from 'vitest'

export interface OpenedPage {
  page: Page
  /** Console errors and uncaught exceptions since the page opened; checked after each test. */
  errors: string[]
}

/**
 * One Chromium per test file, and a browser context per device (its own storage, cookies and
 * clock, in processes of its own). Every page opened here must end its test without a page error.
 *
 * After each test every page leaves for about:blank, so its pagehide work (beacons included) runs
 * as in a real tab, then its device's context closes; the browser closes after the file.
 */
export function setUpBrowser() {
  let browser: Promise<Browser> | undefined
  const contexts: BrowserContext[] = []
  const opened: OpenedPage[] = []
  const origin = inject('webOrigin')

  afterEach(async () => {
    const errors = opened.flatMap((entry) => entry.errors)
    opened.length = 0
    for (const context of contexts.splice(0)) {
      for (const page of context.pages()) await page.goto('about:blank')
      await context.close()
    }
    expect(errors).toEqual([])
  })
  afterAll(async () => {
    await (await browser)?.close()
  })

  const open = async (context: BrowserContext): Promise<OpenedPage> => {
    const page = await context.newPage()
    const entry = { page, errors: collectPageErrors(page) }
    await reportPolicyViolations(page)
    opened.push(entry)
    return entry
  }

  return {
    origin,
    /** The backend's anon key, for calling Supabase Auth as the app would. */
    anonKey: inject('webAnonKey'),
    /**
     * A new device: a fresh browser context (phone-sized, in Seoul, unless told; `userAgent` to pose
     * as another browser; `origin` for another app than the tests' one; `hasTouch` for a touch
     * screen, whose primary pointer is coarse and cannot hover) and its first page.
     */
    async device(
      options: {
        width?: number
        height?: number
        userAgent?: string
        timezoneId?: string
        origin?: string
        hasTouch?: boolean
      } = {},
    ): Promise<OpenedPage & { context: BrowserContext }> {
      browser ??= launchChromium()
      const context = await (await browser).newContext({
        baseURL: options.origin ?? origin,
        viewport: { width: options.width ?? 390, height: options.height ?? 844 },
        locale: 'ko-KR',
        timezoneId: options.timezoneId ?? 'Asia/Seoul',
        ...(options.userAgent ? { userAgent: options.userAgent } : {}),
        ...(options.hasTouch ? { hasTouch: true } : {}),
      })
      contexts.push(context)
      return { ...(await open(context)), context }
    },
    /** Another tab of the same device. */
    tab: open,
  }
}
