import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { testLearner } from './accounts.ts'
import { setUpBrowser } from './browser.ts'
import { fillSignIn, onlyFailedLoads, signInAs } from './sign-in-steps.ts'

const browser = setUpBrowser()

/** The scripts the page fetched that hold sonner's own code (its toaster attribute). */
function sonnerFetches(page: Page): string[] {
  const fetched: string[] = []
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return
    const body = await response.text().catch(() => '')
    if (body.includes('data-sonner-toaster')) fetched.push(new URL(response.url()).pathname)
  })
  return fetched
}

/** sonner's region, which it labels Notifications (alt+T). */
const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ })
/** Every toast on the page, shown or on its way out. */
const toastItems = (page: Page) => page.locator('[data-sonner-toast]')

/** `/` whose notices answer 503 until `restore()`: the client's error toast for it is on screen. */
async function homeWithFailingNotices(page: Page) {
  const notices = (url: URL) => url.pathname === '/api/v2/notices'
  await page.route(notices, (route) =>
    route.fulfill({ status: 503, json: { code: 'UNAVAILABLE', message: '공지 서버를 점검하고 있습니다.' } }),
  )
  await page.goto('/')
  const toast = toasts(page).getByText('공지 서버를 점검하고 있습니다.')
  await toast.waitFor()
  return { toast, restore: () => page.unroute(notices) }
}

const box = async (page: Page, selector: string) => {
  const found = await page.locator(selector).first().boundingBox()
  if (!found) throw new Error(`${selector} has no box`)
  return found
}

/** The first toast's box where it rests: no slide-in (reduced motion), once sonner has placed it. */
async function restingToastBox(page: Page) {
  await page.locator('[data-sonner-toast][data-mounted="true"]').first().waitFor()
  return box(page, '[data-sonner-toast]')
}

describe('toasts', () => {
  it('/ fetches no sonner until a toast is needed, then the toast appears', async () => {
    const { page, errors } = await browser.device()
    const sonner = sonnerFetches(page)
    await page.goto('/')
    await page.getByRole('heading', { level: 2, name: '인기 강의' }).waitFor()
    await page.waitForLoadState('networkidle')
    expect(sonner).toEqual([])
    expect(await toasts(page).count()).toBe(0)

    await page.route('**/api/v2/notices?*', (route) =>
      route.fulfill({ status: 503, json: { code: 'UNAVAILABLE', message: '공지 서버를 점검하고 있습니다.' } }),
    )
    await page.getByRole('link', { name: '공지사항 전체 보기' }).click()
    await toasts(page).getByText('공지 서버를 점검하고 있습니다.').waitFor()
    // Read from the response's body, which Playwright hands over after the page has run the script.
    await expect.poll(() => sonner).toHaveLength(1)
    expect(onlyFailedLoads(errors, [503])).toBe(true)
    errors.length = 0
  })

  it('toasts asked for together while sonner is still on its way all appear', async () => {
    const { page, errors } = await browser.device()
    await page.route('**/api/v2/notices', (route) =>
      route.fulfill({ status: 503, json: { code: 'UNAVAILABLE', message: '공지 서버를 점검하고 있습니다.' } }),
    )
    await page.route('**/api/v2/banners', (route) =>
      route.fulfill({ status: 502, json: { code: 'BAD_GATEWAY', message: '배너 서버가 응답하지 않습니다.' } }),
    )
    await page.goto('/')
    await toasts(page).getByText('공지 서버를 점검하고 있습니다.').waitFor()
    await toasts(page).getByText('배너 서버가 응답하지 않습니다.').waitFor()
    expect(onlyFailedLoads(errors, [502, 503])).toBe(true)
    errors.length = 0
  })

  it('an error toast goes when the same request succeeds on retry', async () => {
    const { page, errors } = await browser.device()
    const { toast, restore } = await homeWithFailingNotices(page)
    await restore()
    // The pointer rests on the toast, which holds sonner's own timer: only the success can take it away.
    await toast.hover()
    await page.getByRole('button', { name: '다시 시도' }).press('Enter')
    await page.getByText('[필독] 동시 접속 기기 제한 안내').waitFor()
    await toast.waitFor({ state: 'detached' })
    expect(onlyFailedLoads(errors, [503])).toBe(true)
    errors.length = 0
  })

  it('an error toast goes when the person moves to another page', async () => {
    const { page, errors } = await browser.device()
    const { toast } = await homeWithFailingNotices(page)
    await toast.hover()
    await page
      .getByRole('link', { name: /실무 React 완벽 가이드/ })
      .first()
      .press('Enter')
    await page.waitForURL(/\/courses\/\d+/)
    await toast.waitFor({ state: 'detached' })
    expect(onlyFailedLoads(errors, [503])).toBe(true)
    errors.length = 0
  })

  it('a failed sign-in is said by the form alone, and the retry signs in', async () => {
    const learner = testLearner('toasts-sign-in')
    const { page, errors } = await browser.device()
    await page.goto('/sign/in')
    await fillSignIn(page, learner.email, 'not-the-password')
    await page.getByRole('alert').getByText('이메일 또는 비밀번호가 올바르지 않습니다.').waitFor()
    await page.waitForLoadState('networkidle')
    expect(await toastItems(page).count()).toBe(0)
    await page.getByLabel('비밀번호', { exact: true }).fill(learner.password)
    await page.getByRole('button', { name: '로그인', exact: true }).click()
    await page.getByText(`${learner.nickname}님`).waitFor()
    expect(await toastItems(page).count()).toBe(0)
    expect(onlyFailedLoads(errors, [400, 401])).toBe(true)
    errors.length = 0
  })

  it('the device-limit dialog is not repeated by a toast; after the removal only its success is shown', async () => {
    const learner = testLearner('toasts-limit')
    for (let signedIn = 0; signedIn < 2; signedIn++) await signInAs((await browser.device()).page, learner)
    const { page, errors } = await browser.device()
    await page.goto('/sign/in')
    await fillSignIn(page, learner.email, learner.password)
    const dialog = page.getByRole('dialog', { name: '최대 기기 수에 도달했습니다.' })
    await dialog.waitFor()
    await page.waitForLoadState('networkidle')
    expect(await toastItems(page).count()).toBe(0)
    await dialog.getByRole('button', { name: '선택한 기기 제거' }).click()
    await toasts(page).getByText('기기가 성공적으로 제거되었습니다').waitFor()
    await dialog.waitFor({ state: 'detached' })
    expect(await toastItems(page).allTextContents()).toEqual([
      expect.stringContaining('기기가 성공적으로 제거되었습니다'),
    ])
    expect(onlyFailedLoads(errors, [403])).toBe(true)
    errors.length = 0
  })

  it('on a phone (390 px) a toast sits at the bottom, clear of the header and just above the tab bar', async () => {
    const { page, errors } = await browser.device({ width: 390, height: 844 })
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await homeWithFailingNotices(page)
    const toast = await restingToastBox(page)
    const header = await box(page, 'header')
    const tabBar = await box(page, 'nav[aria-label="주 메뉴"]')
    expect(toast.y).toBeGreaterThan(844 / 2)
    expect(toast.y + toast.height).toBeLessThanOrEqual(tabBar.y)
    expect(tabBar.y - (toast.y + toast.height)).toBeLessThanOrEqual(48)
    expect(toast.y).toBeGreaterThan(header.y + header.height)
    expect(onlyFailedLoads(errors, [503])).toBe(true)
    errors.length = 0
  })

  it('on a wide screen (1280 px) a toast keeps off the header', async () => {
    const { page, errors } = await browser.device({ width: 1280, height: 800 })
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await homeWithFailingNotices(page)
    const toast = await restingToastBox(page)
    const header = await box(page, 'header')
    expect(toast.y).toBeGreaterThan(header.y + header.height)
    expect(toast.y + toast.height).toBeLessThanOrEqual(800)
    expect(onlyFailedLoads(errors, [503])).toBe(true)
    errors.length = 0
  })
})
