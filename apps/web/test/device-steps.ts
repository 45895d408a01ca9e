import type { Page } from 'playwright-core'
import { chooseFromProfileMenu } from './header-steps.ts'

/** The idle heartbeat interval (spec §9): a device signed out elsewhere learns it within one. */
export const HEARTBEAT_IDLE_INTERVAL_MS = 20 * 60_000

/** This device's session id, as the client keeps it (local storage `session_id`). */
export async function sessionIdOf(page: Page): Promise<string> {
  const id = await page.evaluate(() => localStorage.getItem('session_id'))
  if (!id) throw new Error('this page has no device session')
  return id
}

/**
 * The device of `page` starts watching `videoId`, as a player would (POST session-tracker/watch
 * with its own token and session): what another device's list shows as watching.
 */
export async function startWatchingOn(page: Page, videoId: string): Promise<void> {
  const status = await page.evaluate(async (videoId) => {
    const response = await fetch('/api/v2/session-tracker/watch', {
      method: 'POST',
      headers: { authorization: `Bearer ${localStorage.getItem('auth_token')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId: localStorage.getItem('session_id'), videoId }),
    })
    return response.status
  }, videoId)
  if (status !== 200) throw new Error(`the watch was refused (${status})`)
}

/** `/my/devices` from the header's profile menu, once its list is shown. */
export async function openMyDevices(page: Page): Promise<void> {
  await chooseFromProfileMenu(page, '기기 관리')
  await page.waitForURL((url) => url.pathname === '/my/devices')
  await page.getByTestId('devices-fetched').filter({ hasText: '불러옴' }).waitFor()
}

/** The rows of the device list, by their names (browser · OS). */
export function deviceRows(page: Page) {
  return page.getByRole('list', { name: '로그인된 기기' }).getByRole('listitem')
}

/**
 * The page of `page` is hidden or shown again as when the person switches tabs or apps. Headless
 * Chromium keeps every page visible, so the document's visibility is set here and the browser's
 * `visibilitychange` event is sent, which is all the app listens to.
 */
export async function setPageVisible(page: Page, visible: boolean): Promise<void> {
  await page.evaluate((visible) => {
    const state = visible ? 'visible' : 'hidden'
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state })
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => !visible })
    document.dispatchEvent(new Event('visibilitychange'))
  }, visible)
}
