import type { Page } from 'playwright-core'

/**
 * Presses Tab until the focused element's text is `name` (a link or button by its words), as a
 * keyboard user moves through the page; fails saying where focus ended if it never gets there.
 */
export async function tabTo(page: Page, name: string, limit = 60): Promise<void> {
  const focusedText = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '')
  for (let press = 0; press < limit; press++) {
    await page.keyboard.press('Tab')
    if ((await focusedText()) === name) return
  }
  throw new Error(`Tab did not reach "${name}" in ${limit} presses; focus is on "${await focusedText()}"`)
}
