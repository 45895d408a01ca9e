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
    await page.getByRole('heading', { level: 2, name: '프로그래밍' }).waitFor()
    await page.getByText('[필독] 동시 접속 기기 제한 안내').waitFor()
    expect(await shifts()).toBeLessThan(CLS_GOAL)
  })

  it('courses first, then the banners: nothing below them moves', async () => {
    const { page } = await browser.device()
    const shifts = await watchLayoutShifts(page)
    const release = await holdAnswers(page, ['/api/v2/banners'])
    await page.goto('/')
    await page.getByRole('heading', { level: 2, name: '프로그래밍' }).waitFor()
    release()
    await page.getByRole('region', { name: '진행 중인 이벤트' }).waitFor()
    expect(await shifts()).toBeLessThan(CLS_GOAL)
  })
})
