import type { Page } from '@coursekit/test-browser'
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
    await page.route('**/assets/pretendardvariable-*.css', (route) =>
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
