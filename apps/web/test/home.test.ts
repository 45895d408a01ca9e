import { describe, expect, it } from 'vitest'
import { setUpBrowser } from './browser.ts'
import { onlyFailedLoads } from './sign-in-steps.ts'

const browser = setUpBrowser()

describe('home (/)', () => {
  it("renders the backend's banners, the categories, the 인기 and 새로 나온 shelves, notices and menu", async () => {
    const { page } = await browser.device()
    await page.goto('/')
    await page.getByRole('heading', { level: 2, name: '인기 강의' }).waitFor()
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

  it('at 1280 px each shelf is one full row of four cards: no empty column; the categories link to the catalogue', async () => {
    const { page } = await browser.device({ width: 1280, height: 800 })
    await page.goto('/')
    for (const name of ['인기 강의', '새로 나온 강의']) {
      const shelf = page.getByRole('region', { name }).getByRole('list')
      await shelf.getByRole('listitem').nth(3).waitFor()
      const layout = await shelf.evaluate((list) => {
        const items = [...list.children].map((item) => item.getBoundingClientRect())
        const box = list.getBoundingClientRect()
        return {
          columns: getComputedStyle(list).gridTemplateColumns.split(' ').length,
          items: items.length,
          rows: new Set(items.map((item) => Math.round(item.top))).size,
          // The last card reaches the shelf's right edge.
          gapAtRight: Math.round(box.right - Math.max(...items.map((item) => item.right))),
        }
      })
      expect([name, layout]).toEqual([name, { columns: 4, items: 4, rows: 1, gapAtRight: 0 }])
    }
    expect(await page.getByRole('region', { name: '인기 강의' }).getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringContaining('실무 React 완벽 가이드'),
      expect.stringContaining('처음 만나는 자바스크립트'),
      expect.stringContaining('파이썬으로 시작하는 데이터 분석'),
      expect.stringContaining('Figma로 완성하는 UI 디자인 포트폴리오'),
    ])
    expect(await page.getByRole('region', { name: '새로 나온 강의' }).getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringContaining('비즈니스 영어 이메일 쓰기'),
      expect.stringContaining('퍼포먼스 마케팅 A to Z'),
      expect.stringContaining('Figma로 완성하는 UI 디자인 포트폴리오'),
      expect.stringContaining('현업 SQL 마스터 클래스'),
    ])
    const categories = page.getByRole('navigation', { name: '분야별 강의' }).getByRole('link')
    expect(await categories.allInnerTexts()).toEqual([
      expect.stringMatching(/^프로그래밍\s*2$/),
      expect.stringMatching(/^데이터 분석\s*2$/),
      expect.stringMatching(/^디자인\s*1$/),
      expect.stringMatching(/^마케팅\s*1$/),
      expect.stringMatching(/^외국어\s*1$/),
    ])
    await categories.filter({ hasText: '데이터 분석' }).click()
    await page.waitForURL((url) => url.pathname === '/courses' && url.searchParams.get('category') === '2')
    await page.getByText('강의 2개').waitFor()
  })

  it('on a phone each shelf is a row that scrolls sideways and snaps to a card; the page itself does not', async () => {
    const { page } = await browser.device()
    await page.goto('/')
    for (const name of ['인기 강의', '새로 나온 강의']) {
      const shelf = page.getByRole('region', { name }).getByRole('list')
      await shelf.getByRole('listitem').nth(3).waitFor()
      const row = await shelf.evaluate((list) => ({
        scrolls: list.scrollWidth > list.clientWidth,
        snap: getComputedStyle(list).scrollSnapType,
        align: getComputedStyle(list.children[0] as Element).scrollSnapAlign,
        tops: new Set([...list.children].map((item) => Math.round(item.getBoundingClientRect().top))).size,
      }))
      expect([name, row]).toEqual([name, { scrolls: true, snap: 'x mandatory', align: 'start', tops: 1 }])
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390)
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
    await page.getByRole('heading', { level: 2, name: '인기 강의' }).waitFor()
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
    await page.getByRole('heading', { level: 2, name: '인기 강의' }).waitFor()
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
    await page.getByRole('heading', { level: 2, name: '인기 강의' }).waitFor()
  })
})
