import type { Page } from '@coursekit/test-browser'
import type { Route } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { setUpBrowser } from './browser.ts'

const browser = setUpBrowser()

/** Lighthouse's "good" cumulative layout shift is at most 0.1. */
const CLS_GOAL = 0.1

/** Sums the page's layout shifts (those no input caused) from its first paint, as CLS counts them. */
async function watchLayoutShifts(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const shifts = { sum: 0 }
    Object.assign(window, { __layoutShifts: shifts })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.sum += entry.value
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
  return () =>
    page.evaluate(async () => {
      await document.fonts.ready
      // Two frames, so the last layout is painted and its shift reported.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
      return (window as unknown as { __layoutShifts: { sum: number } }).__layoutShifts.sum
    })
}

/** Holds the answers of the paths given until `release` is called. */
async function holdAnswers(page: Page, paths: string[]): Promise<() => void> {
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(
    (url) => paths.includes(url.pathname),
    async (route) => {
      await held
      await route.continue()
    },
  )
  return release
}

describe('/ on a phone (390×844) does not shift as its content arrives', () => {
  it('banners first, then the courses and notices: the courses do not move down', async () => {
    const { page } = await browser.device()
    const shifts = await watchLayoutShifts(page)
    const release = await holdAnswers(page, ['/api/v2/courses', '/api/v2/course-categories', '/api/v2/notices'])
    await page.goto('/')
    await page.getByRole('region', { name: '진행 중인 이벤트' }).waitFor()
    release()
    await page.getByRole('heading', { level: 2, name: '인기 강의' }).waitFor()
    await page.getByText('[필독] 동시 접속 기기 제한 안내').waitFor()
    expect(await shifts()).toBeLessThan(CLS_GOAL)
  })

  it('courses first, then the banners: nothing below them moves', async () => {
    const { page } = await browser.device()
    const shifts = await watchLayoutShifts(page)
    const release = await holdAnswers(page, ['/api/v2/banners'])
    await page.goto('/')
    await page.getByRole('heading', { level: 2, name: '인기 강의' }).waitFor()
    release()
    await page.getByRole('region', { name: '진행 중인 이벤트' }).waitFor()
    expect(await shifts()).toBeLessThan(CLS_GOAL)
  })
})

/** Issue 28's goal for every page: Lighthouse counts a page with CLS at most 0.02 as not shifting. */
const PAGE_CLS_GOAL = 0.02

/**
 * Holds every answer of the API until `release` is called, so the page paints without its data
 * first, as on a slow connection; then lets them through one at a time in the order they were asked
 * (each read, and the page's frames after it, before the next), so every partial state the page can
 * pass through is drawn and any of them that moves what is on screen counts.
 */
async function holdApi(page: Page): Promise<() => void> {
  const queue: Route[] = []
  let released = false
  let draining = false
  const drain = async () => {
    if (draining) return
    draining = true
    for (let route = queue.shift(); route; route = queue.shift()) {
      // A read the page dropped meanwhile (a component that went) gets no answer: null here.
      const answered = route.request().response()
      await route.continue().catch(() => {})
      await (await answered)?.finished()
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    }
    draining = false
  }
  await page.route(
    (url) => url.pathname.startsWith('/api/'),
    async (route) => {
      queue.push(route)
      if (released) await drain()
    },
  )
  return () => {
    released = true
    void drain()
  }
}

/** Resolves once the page has painted content (its first contentful paint) and one more frame. */
const firstPaint = (page: Page) =>
  page.evaluate(async () => {
    await new Promise<void>((resolve) => {
      const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0
      if (painted()) return resolve()
      new PerformanceObserver((_list, observer) => {
        if (!painted()) return
        observer.disconnect()
        resolve()
      }).observe({ type: 'paint', buffered: true })
    })
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
  })

/**
 * The typeface comes once the page settles (web-font.ts): its swap is counted too. Its own faces,
 * not 'Pretendard Fallback' (styles.css), the system font that draws until then.
 */
const webFontDrawn = (page: Page) =>
  page.waitForFunction(() =>
    [...document.fonts].some((face) => /^["']?Pretendard["']?$/.test(face.family) && face.status === 'loaded'),
  )

describe('every page at 412×915 with slow data shifts no more than CLS 0.02 (issue 28)', () => {
  it.each<[string, string, (page: Page) => Promise<unknown>]>([
    ['/', '/', (page) => page.getByText('[필독] 동시 접속 기기 제한 안내').waitFor()],
    ['/courses', '/courses', (page) => page.getByText(/^강의 \d+개$/).waitFor()],
    ['/courses/101', '/courses/101', (page) => page.getByRole('heading', { level: 2, name: '커리큘럼' }).waitFor()],
    ['a preview lesson', '/courses/101/lessons/1001', (page) => page.locator('video').waitFor({ state: 'attached' })],
    ['/notices', '/notices', (page) => page.getByText('[필독] 동시 접속 기기 제한 안내').waitFor()],
    ['/calendar', '/calendar', (page) => page.locator('section[aria-busy="false"] ol').waitFor()],
    ['/sign/in', '/sign/in', (page) => page.getByRole('button', { name: '로그인', exact: true }).waitFor()],
  ])('%s', async (_name, path, contentArrived) => {
    const { page } = await browser.device({ width: 412, height: 915 })
    const shifts = await watchLayoutShifts(page)
    const release = await holdApi(page)
    await page.goto(path)
    await firstPaint(page)
    release()
    await contentArrived(page)
    await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null)
    await webFontDrawn(page)
    expect(await shifts()).toBeLessThanOrEqual(PAGE_CLS_GOAL)
  })
})

describe('pictures arriving after the text move nothing (their boxes are reserved)', () => {
  /** Holds every picture of the content until `release` is called, and leaves the typeface out. */
  async function holdPictures(page: Page): Promise<() => void> {
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/media/images/*', async (route) => {
      await held
      await route.continue()
    })
    // The typeface comes when the page settles, after the pictures here, and its swap redraws the
    // text by itself: without it (an empty stylesheet) what moves is the pictures' doing alone.
    await page.route('**/assets/pretendard-faces-*.css', (route) =>
      route.fulfill({ contentType: 'text/css', body: '' }),
    )
    return release
  }
  const allPicturesIn = (page: Page) =>
    page.waitForFunction(() =>
      [...document.querySelectorAll('main img')].every(
        (image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0,
      ),
    )
  /** From here on only the pictures' arrival is counted (the text's own arrival is the tests above). */
  const countFromNow = (page: Page) =>
    page.evaluate(async () => {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
      ;(window as unknown as { __layoutShifts: { sum: number } }).__layoutShifts.sum = 0
    })
  const topOf = (page: Page, heading: string) =>
    page.getByRole('heading', { level: 2, name: heading }).evaluate((element) => element.getBoundingClientRect().top)

  it.each([
    [390, 844],
    [1280, 800],
  ])('/ at %ix%i: the banners, the shelves and the notices stay put', async (width, height) => {
    const { page } = await browser.device({ width, height })
    const shifts = await watchLayoutShifts(page)
    const release = await holdPictures(page)
    await page.goto('/')
    await page.getByRole('heading', { level: 2, name: '새로 나온 강의' }).waitFor()
    await page.getByText('[필독] 동시 접속 기기 제한 안내').waitFor()
    await countFromNow(page)
    const before = [await topOf(page, '새로 나온 강의'), await topOf(page, '공지사항')]
    release()
    // Every picture of the first screen and the ones below it (lazy ones come as they scroll in).
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    await allPicturesIn(page)
    await page.evaluate(() => window.scrollTo(0, 0))
    expect(await shifts()).toBe(0)
    expect([await topOf(page, '새로 나온 강의'), await topOf(page, '공지사항')]).toEqual(before)
  })

  it.each([
    [390, 844],
    [1280, 800],
  ])('a course page at %ix%i: the title and the curriculum stay put', async (width, height) => {
    const { page } = await browser.device({ width, height })
    const shifts = await watchLayoutShifts(page)
    const release = await holdPictures(page)
    await page.goto('/courses/105')
    const title = page.getByRole('heading', { level: 1, name: 'Figma로 완성하는 UI 디자인 포트폴리오' })
    await title.waitFor()
    await page.getByRole('heading', { level: 2, name: '커리큘럼' }).waitFor()
    // The rest of the page's reads: the mentor, the rating, the reviews.
    await page.getByText('최민지 멘토', { exact: true }).waitFor()
    await page.getByText(/수강평 1개/).waitFor()
    await page.getByRole('heading', { level: 2, name: '멘토 소개' }).waitFor()
    const box = async () => [await title.boundingBox(), await topOf(page, '커리큘럼')]
    await countFromNow(page)
    const before = await box()
    release()
    await allPicturesIn(page)
    expect(await shifts()).toBe(0)
    expect(await box()).toEqual(before)
  })
})
