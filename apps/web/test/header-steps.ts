import type { Page } from 'playwright-core'

/** The signed-in person's menu button in the header, named by its greeting (학습자1님). */
export function profileButton(page: Page) {
  return page.getByRole('banner').locator('button[aria-haspopup="menu"]')
}

/** Opens the header's profile menu with the pointer and chooses `item` (내 강의실, 기기 관리, 로그아웃 …). */
export async function chooseFromProfileMenu(page: Page, item: string): Promise<void> {
  await profileButton(page).click()
  await page.getByRole('menu').getByRole('menuitem', { name: item, exact: true }).click()
}

/** Signs out from the header's profile menu and waits until the header offers the sign-in again. */
export async function signOutFromHeader(page: Page): Promise<void> {
  await chooseFromProfileMenu(page, '로그아웃')
  await page.getByRole('banner').getByRole('link', { name: '로그인' }).waitFor()
}
