import {
  launchWebKit,
  type WebDriver,
  WebDriverPage,
  type WebKitBrowser,
  webkitSkipReason,
} from '@coursekit/test-browser'
import { afterEach, beforeEach, expect, inject } from 'vitest'

/** How long a step waits for the page before failing (page loads and decoding on a busy machine). */
const STEP_TIMEOUT_MS = 20_000

/**
 * For the journeys' describe: up to three WebKitGTK browsers (each a UI, web and network process)
 * beside the Chromium files on two shared cores need more than the project's 60 s.
 */
export const WEBKIT_JOURNEY = { timeout: 120_000 }

/**
 * Uncaught exceptions and unhandled rejections from here on in this document. WebKitWebDriver has
 * no console log and no BiDi, so this listens from the end of each load (an error while the app
 * first runs is the Chromium tests' to catch) and the test reads it back after.
 */
const WATCH_ERRORS = `
  if (!window.__coursekitErrors) {
    const errors = (window.__coursekitErrors = [])
    addEventListener('error', (event) => errors.push('uncaught: ' + event.message))
    addEventListener('unhandledrejection', (event) => errors.push('unhandled rejection: ' + event.reason))
  }
`

/**
 * One learner's device in WebKitGTK: a MiniBrowser of its own (its own storage and cookies) on its
 * own display, with the steps the journeys take in words a person would use. Waits are WebDriver
 * waits on a condition in the page, never sleeps.
 */
export class WebKitDevice extends WebDriverPage {
  constructor(driver: WebDriver, origin: string) {
    super(driver, origin, STEP_TIMEOUT_MS)
  }

  override async goto(path: string): Promise<void> {
    await super.goto(path)
    await this.evaluate(WATCH_ERRORS)
  }

  /** The page errors seen in each of this device's windows since it was last loaded with goto. */
  async errors(): Promise<string[]> {
    const current = await this.driver.getWindowHandle()
    const errors: string[] = []
    for (const handle of await this.driver.getAllWindowHandles()) {
      await this.driver.switchTo().window(handle)
      errors.push(...((await this.evaluate<string[] | undefined>('return window.__coursekitErrors')) ?? []))
    }
    await this.driver.switchTo().window(current)
    return errors
  }
}

/**
 * The WebKit journeys' devices: every test skips with the reason when WebKitGTK is missing (and
 * fails under CI), must end without a page error, and every device it opened is closed after it,
 * driver, browser and display, whether it passed or not.
 */
export function setUpWebKit() {
  const origin = inject('webOrigin')
  const opened: Promise<WebKitBrowser>[] = []
  const devices: WebKitDevice[] = []

  beforeEach(({ skip }) => {
    const reason = webkitSkipReason()
    if (reason) skip(reason)
  })
  afterEach(async () => {
    const errors = devices.splice(0).map((device) => device.errors())
    const seen = (await Promise.allSettled(errors)).flatMap((read) => (read.status === 'fulfilled' ? read.value : []))
    // A launch that failed has already stopped what it started.
    const closing = opened.splice(0).map((browser) =>
      browser.then(
        (started) => started.close(),
        () => undefined,
      ),
    )
    await Promise.all(closing)
    expect(seen).toEqual([])
  })

  return {
    origin,
    /** A new device: MiniBrowser in a desktop-sized window. */
    async device(): Promise<WebKitDevice> {
      const browser = launchWebKit({ screen: { width: 1400, height: 1000 } })
      opened.push(browser)
      const { driver } = await browser
      await driver.manage().window().setRect({ width: 1280, height: 800 })
      const device = new WebKitDevice(driver, origin)
      devices.push(device)
      return device
    },
  }
}
