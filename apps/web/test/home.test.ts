import { describe, expect, it } from 'vitest'
import { setUpBrowser } from './browser.ts'
import { onlyFailedLoads } from './sign-in-steps.ts'

const browser = setUpBrowser()

describe('home (/)', () => {
  it("renders the backend's banners, courses by category, notices and menu", async () => {
    const { page } = await browser.device()
    await page.goto('/')
    await page.getByRole('heading', { level: 2, name: '프로그래밍' }).waitFor()
    expect(await page.getByRole('link', { name: /실무 React 완벽 가이드/ }).count()).toBe(1)
    expect(await page.getByText('가을 맞이 전 강의 최대 40% 할인').isVisible()).toBe(true)
    expect(await page.getByText('[필독] 동시 접속 기기 제한 안내').isVisible()).toBe(true)
    const menu = page.getByRole('navigation', { name: '주 메뉴' })
    expect(await menu.getByRole('link', { name: '전체 강의' }).isVisible()).toBe(true)
    // Signed out: the menu hides what needs a sign-in and offers one.
    expect(await menu.getByRole('link', { name: '내 강의실' }).count()).toBe(0)
    expect(await page.getByRole('link', { name: '로그인' }).isVisible()).toBe(true)
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ko')
  })

  it('the page below the header stays where it is when the menu arrives (no layout shift on a phone)', async () => {
    const { page } = await browser.device()
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/api/v2/menu-settings', async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/')
    await page.getByRole('heading', { level: 2, name: '프로그래밍' }).waitFor()
    const mainTop = () => page.locator('main').evaluate((main) => main.getBoundingClientRect().top)
    const before = await mainTop()
    release()
    await page.getByRole('navigation', { name: '주 메뉴' }).getByRole('link', { name: '전체 강의' }).waitFor()
    expect(await mainTop()).toBe(before)
  })

  it('no answer (status 0): an offline banner whose retry brings the content', async () => {
    const { page, errors } = await browser.device()
    const courses = (url: URL) => url.pathname === '/api/v2/courses'
    await page.route(courses, (route) => route.abort('internetdisconnected'))
    await page.goto('/')
    const banner = page.getByRole('alert').filter({ hasText: '서버에 연결할 수 없습니다' })
    await banner.waitFor()
    await page.unroute(courses)
    await banner.getByRole('button', { name: '다시 시도' }).click()
    await page.getByRole('heading', { level: 2, name: '프로그래밍' }).waitFor()
    expect(await banner.count()).toBe(0)
    expect(errors.every((error) => error.includes('net::ERR_INTERNET_DISCONNECTED'))).toBe(true)
    errors.length = 0
  })

  it("a 5xx: the client's error toast, and the section offers a retry", async () => {
    const { page, errors } = await browser.device()
    await page.route('**/api/v2/notices', (route) =>
      route.fulfill({ status: 503, json: { code: 'UNAVAILABLE', message: '잠시 후 다시 시도해주세요.' } }),
    )
    await page.goto('/')
    await page.getByText('잠시 후 다시 시도해주세요.').waitFor()
    await page.getByText('공지사항을 불러오지 못했습니다.').waitFor()
    expect(onlyFailedLoads(errors, [503])).toBe(true)
    errors.length = 0
  })

  it('a visit is recorded from the app root, whichever route the page opens on', async () => {
    const { page } = await browser.device()
    const visit = page.waitForRequest(
      (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/v2/analytics/track-visit',
    )
    await page.goto('/no/such/page')
    expect((await visit).postDataJSON()).toMatchObject({ entryPath: '/no/such/page' })
  })

  it('an unknown path is the 404 page inside the shell', async () => {
    const { page } = await browser.device()
    await page.goto('/no/such/page')
    await page.getByRole('heading', { name: '페이지를 찾을 수 없습니다' }).waitFor()
    await page.getByRole('link', { name: '홈으로 가기' }).click()
    await page.getByRole('heading', { level: 2, name: '프로그래밍' }).waitFor()
  })
})
