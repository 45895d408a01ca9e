import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { setUpBrowser } from './browser.ts'
import { onlyFailedLoads } from './sign-in-steps.ts'

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
})
