import { DESKTOP_APP_NAME, DESKTOP_AUTH_SESSION_KEY, desktopUserAgent } from '@coursekit/core'
import type { BrowserContext, Page } from 'playwright-core'
import { afterEach, expect, inject } from 'vitest'
import { type OpenedPage, setUpBrowser } from './browser.ts'
import { blockDirectRequests, type InstalledBridge, installDesktopBridge } from './desktop-bridge.ts'
import { AUTH_TOKEN_KEY, DesktopHost } from './desktop-host.ts'

/**
 * The user agent of the wrapper on Linux (WebKitGTK's with the app's product, as apps/desktop sets
 * it): the webview's `navigator.userAgent` and every proxied request say it.
 */
export const DESKTOP_LINUX_USER_AGENT = desktopUserAgent(
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko)',
  '0.1.0',
)

/** What /my/devices calls this device. */
export const DESKTOP_DEVICE_NAME = `${DESKTOP_APP_NAME} · Linux`

export interface DesktopDevice extends OpenedPage {
  context: BrowserContext
  /** The native side: its token store and command log. */
  host: DesktopHost
  /** Requests a page made to the API's origin itself, which the wrapper's webview cannot reach. */
  direct: string[]
}

/**
 * The learner app as the desktop wrapper runs it, in Chromium: the build whose API, auth and media
 * are another origin (`desktopApiOrigin`, the same backend as the browser tests'), served from its
 * own; Tauri's bridge injected before the app and answered by a DesktopHost in Node; the API's
 * origin unreachable from the page. After each test, on every device: no request skipped the proxy,
 * and no token or refresh token the native store ever held is in local or session storage or a cookie.
 */
export function setUpDesktop() {
  const bridges: InstalledBridge[] = []
  // Registered before the browsers' own (after-each hooks run last first), so it runs after the
  // pages have left and the browsers closed: each page's page-hide work has reached its host.
  afterEach(async () => {
    for (const bridge of bridges.splice(0)) await bridge.close()
  })
  const browser = setUpBrowser()
  const origin = inject('desktopOrigin')
  const apiOrigin = inject('desktopApiOrigin')
  const devices: DesktopDevice[] = []
  const secrets = new Map<DesktopHost, Set<string>>()

  /** No token or refresh token this device's native store has held is in its pages' web storage or cookies. */
  const expectNoTokenInPages = async (device: DesktopDevice) => {
    const held = secrets.get(device.host) ?? new Set()
    for (const page of device.context.pages()) await expectNoSecretInWebStorage(page, held)
  }

  afterEach(async () => {
    for (const device of devices.splice(0)) {
      expect(device.direct).toEqual([])
      await expectNoTokenInPages(device)
    }
  })

  return {
    browser,
    origin,
    apiOrigin,
    /** Checked after each test too; a journey checks it while signed in as well. */
    expectNoTokenInPages,
    /** A new desktop app (a 1280×800 window unless told): a browser context with the bridge and its native host, and its first page. */
    async device(options: { width?: number; height?: number } = {}): Promise<DesktopDevice> {
      const held = new Set<string>()
      const host = new DesktopHost({
        userAgent: DESKTOP_LINUX_USER_AGENT,
        onSave: (key, value) => {
          for (const secret of secretsIn(key, value)) held.add(secret)
        },
      })
      secrets.set(host, held)
      // A desktop window: wide, unless told.
      const opened = await browser.device({ width: 1280, height: 800, ...options, origin, userAgent: host.userAgent })
      const bridge = await installDesktopBridge(opened.context, host, origin)
      bridges.push(bridge)
      const direct = await blockDirectRequests(opened.context, apiOrigin)
      const device = { ...opened, host, direct }
      devices.push(device)
      return device
    },
  }
}

/** The access and refresh tokens in a value the native store was given. */
export function secretsIn(key: string, value: string): string[] {
  if (key === AUTH_TOKEN_KEY) return [value]
  if (key !== DESKTOP_AUTH_SESSION_KEY) return []
  const found: string[] = []
  const walk = (node: unknown) => {
    if (typeof node === 'string') {
      if (/^[[{]/.test(node)) {
        try {
          walk(JSON.parse(node))
        } catch {}
      }
      return
    }
    if (node === null || typeof node !== 'object') return
    for (const [name, inner] of Object.entries(node)) {
      if ((name === 'access_token' || name === 'refresh_token') && typeof inner === 'string') found.push(inner)
      else walk(inner)
    }
  }
  walk(value)
  return found
}

/** Local storage, session storage and cookies of `page` hold none of `secrets`. */
export async function expectNoSecretInWebStorage(page: Page, secrets: ReadonlySet<string>): Promise<void> {
  if (page.url() === 'about:blank') return
  const stored = await page.evaluate(() => ({
    local: Object.entries(localStorage),
    session: Object.entries(sessionStorage),
    cookie: document.cookie,
  }))
  const text = JSON.stringify(stored)
  const leaked = [...secrets].filter((secret) => text.includes(secret))
  expect(leaked.map((secret) => `${secret.slice(0, 8)}…`)).toEqual([])
}
