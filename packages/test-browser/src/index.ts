import { existsSync } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Browser, type Page, chromium as playwright } from 'playwright-core'

/**
 * Headless Chromium for tests, found the same way on a developer's machine and in CI, where no
 * browser can be downloaded: `COURSEKIT_CHROMIUM` (a path) first, then a system `/usr/bin/chromium`,
 * else the build that the npm package `@sparticuz/chromium` carries (unpacked into the temp
 * directory on first use; no install script), run with web security on and a process per site.
 */
export interface ChromiumExecutable {
  path: string
  source: 'env' | 'system' | '@sparticuz/chromium'
  args: string[]
}

const SYSTEM_CHROMIUM = '/usr/bin/chromium'

/** Quiet, offline, sandbox-free: a test browser makes no request of its own. */
export const QUIET_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // navigator.language otherwise follows the process's locale, which may be one Intl refuses
  // ("en-US@posix" under LANG=C.UTF-8). --lang is not enough once renderers have processes of their
  // own; --accept-lang reaches them. (An LC_ALL of another locale would instead cost the process its
  // UTF-8 file names: a download's Korean name became "download".)
  '--lang=en-US',
  '--accept-lang=en-US',
]

/**
 * Flags of the packaged build's list (made for AWS Lambda) that no learner's browser has, dropped so
 * a test fails where a learner would and one browser context cannot take the others down:
 * - `--disable-web-security`, `--allow-running-insecure-content`: no same-origin policy, CORS or
 *   mixed-content blocking, so a cross-origin mistake would pass;
 * - `--single-process`, `--in-process-gpu`, `--disable-site-isolation-trials`, and its
 *   `--disable-features` (IsolateOrigins, site-per-process): every page in the browser's own process,
 *   where one context's storage leaks into another's and closing a context can end the browser;
 * - `--enable-features=SharedArrayBuffer`: shared memory without cross-origin isolation.
 * Its `--disable-features` and `--enable-features` also replaced Playwright's own lists, which come
 * first on the command line (the last of a switch wins); without them Playwright's apply.
 */
export const WEAKENING_PACKAGED_FLAGS: readonly string[] = [
  '--disable-web-security',
  '--allow-running-insecure-content',
  '--single-process',
  '--in-process-gpu',
  '--disable-site-isolation-trials',
  '--disable-features',
  '--enable-features',
]

/** The packaged build's flags without those that weaken security or share one process. */
export function safePackagedArgs(packagedArgs: readonly string[]): string[] {
  return packagedArgs.filter((arg) => !WEAKENING_PACKAGED_FLAGS.includes(arg.split('=')[0] ?? arg))
}

export async function findChromium(
  env: Record<string, string | undefined> = process.env,
  /** Where a system Chromium would be (tests of the packaged one point elsewhere). */
  systemChromium = SYSTEM_CHROMIUM,
): Promise<ChromiumExecutable> {
  const configured = env.COURSEKIT_CHROMIUM
  if (configured) return { path: configured, source: 'env', args: QUIET_ARGS }
  if (existsSync(systemChromium)) return { path: systemChromium, source: 'system', args: QUIET_ARGS }
  const { default: packaged } = await import('@sparticuz/chromium')
  const path = await oneAtATime(() => packaged.executablePath())
  return { path, source: '@sparticuz/chromium', args: [...safePackagedArgs(packaged.args), ...QUIET_ARGS] }
}

/** How long a process waits for another to finish unpacking before taking over its lock. */
const UNPACK_WAIT_MS = 180_000

/**
 * @sparticuz/chromium unpacks into the temp directory on first use and, once the file exists,
 * takes it as complete; test files run in parallel processes, so the first unpacks while the others
 * wait on a lock directory (mkdir is atomic), then find the finished binary.
 */
async function oneAtATime<T>(action: () => Promise<T>): Promise<T> {
  const lock = join(tmpdir(), 'coursekit-chromium-unpacking')
  const giveUpAt = Date.now() + UNPACK_WAIT_MS
  for (;;) {
    try {
      await mkdir(lock)
    } catch {
      // Held by another process: wait for it, or take over a lock left by one that died.
      if (Date.now() > giveUpAt) await rm(lock, { recursive: true, force: true })
      else await new Promise((resolve) => setTimeout(resolve, 250))
      continue
    }
    try {
      return await action()
    } finally {
      await rm(lock, { recursive: true, force: true })
    }
  }
}

export async function launchChromium(env: Record<string, string | undefined> = process.env): Promise<Browser> {
  const executable = await findChromium(env)
  return playwright.launch({ executablePath: executable.path, args: executable.args, headless: true })
}

/**
 * Everything a page reports as going wrong: console errors and uncaught exceptions, from the moment
 * this is called. A test opens its page after calling it and expects the list to stay empty.
 */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console.error: ${message.text()}`)
  })
  page.on('pageerror', (error) => {
    errors.push(`uncaught: ${error.message}`)
  })
  return errors
}

/**
 * Makes every Content-Security-Policy violation in `page`'s documents (each frame, from its next
 * navigation on) a console error that `collectPageErrors` sees, with what was blocked and by which
 * directive, report-only policies included: a journey that loads something the policy refuses
 * fails, whether or not the browser logs it.
 */
export async function reportPolicyViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `CSP violation: ${event.effectiveDirective} refused ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber} (${event.disposition})`,
      )
    })
  })
}

export type { Browser, Page } from 'playwright-core'
export { By, Key, type WebDriver } from 'selenium-webdriver'
export { WebDriverPage } from './webdriver-page.ts'
export { launchWebKit, type WebKitBrowser, type WebKitOptions } from './webkit.ts'
export { MINIBROWSER, WEBKIT_DRIVER, webkitAvailable, webkitMissing, webkitSkipReason } from './webkit-available.ts'
export { startXvfb, type VirtualDisplay } from './xvfb.ts'
