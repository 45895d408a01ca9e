import { DESKTOP_AUTH_SESSION_KEY } from '@coursekit/core'
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { DESKTOP_DEVICE_NAME } from './desktop-browser.ts'
import { AUTH_TOKEN_KEY, type DesktopHost } from './desktop-host.ts'
import { deviceRows, openMyDevices } from './device-steps.ts'

/** /my/devices from the header's menu: this device is listed as the desktop app on Linux. */
export async function expectListedAsDesktopApp(page: Page): Promise<void> {
  await openMyDevices(page)
  const thisRow = deviceRows(page).filter({ hasText: '이 기기' })
  expect(await thisRow.count()).toBe(1)
  expect(await thisRow.textContent()).toContain(DESKTOP_DEVICE_NAME)
}

/** The native store holds a signed-in session: the access token, and the auth session with its refresh token. */
export function expectSignedInNatively(host: DesktopHost): void {
  expect(host.tokens.get(AUTH_TOKEN_KEY)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
  expect(host.tokens.get(DESKTOP_AUTH_SESSION_KEY)).toMatch(/refresh_token/)
}

/** Every request the host made went to `apiOrigin`, and none failed to get an answer. */
export function expectProxiedToApi(host: DesktopHost, apiOrigin: string): void {
  const proxied = host.proxied()
  expect(proxied.length).toBeGreaterThan(0)
  expect(proxied.filter((entry) => new URL(entry.url).origin !== apiOrigin)).toEqual([])
}
