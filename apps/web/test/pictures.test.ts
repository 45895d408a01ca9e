import type { Page } from '@coursekit/test-browser'
import type { Locator } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { setUpBrowser } from './browser.ts'
import { courseCards } from './course-steps.ts'
import { onlyFailedLoads } from './sign-in-steps.ts'

const browser = setUpBrowser()

/** The picture of a course's card on the home page's 인기 강의 shelf. */
const popularShelf = (page: Page) => page.getByRole('region', { name: '인기 강의' })

/** Whether the image has arrived and decoded to a picture of its own size (not a broken icon). */
async function loaded(image: Locator): Promise<{ width: number; height: number }> {
  await image.scrollIntoViewIfNeeded()
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))
    .toBe(true)
  return image.evaluate((element: HTMLImageElement) => ({ width: element.naturalWidth, height: element.naturalHeight }))
}

describe('pictures', () => {
  it.each([
    [390, 844],
    [1280, 800],
  ])(
    'home at %ix%i: every card has its 16:9 picture named by its title, and every banner its picture',
    async (width, height) => {
      const { page } = await browser.device({ width, height })
      await page.goto('/')
      const cards = page
        .getByRole('main')
        .getByRole('listitem')
        .filter({ has: page.locator('img') })
      await popularShelf(page).getByRole('listitem').nth(3).waitFor()
      const count = await cards.count()
      expect(count).toBe(8)
      for (let index = 0; index < count; index++) {
        const card = cards.nth(index)
        const image = card.locator('img')
        const title = await card.locator('.line-clamp-2').textContent()
        expect(await image.getAttribute('alt')).toBe(title)
        expect([await image.getAttribute('width'), await image.getAttribute('height')]).toEqual(['640', '360'])
        expect(await loaded(image)).toEqual({ width: 640, height: 360 })
        // The box is 16:9 whatever the picture: reserved before it arrives.
        const box = await image.boundingBox()
        expect(Math.abs((box?.width ?? 0) / (box?.height ?? 1) - 16 / 9)).toBeLessThan(0.02)
      }
      const banners = page.getByRole('region', { name: '진행 중인 이벤트' }).locator('img')
      expect(await banners.count()).toBe(3)
      for (const banner of await banners.all()) {
        // Decorative: the banner's own text says what it is.
        expect(await banner.getAttribute('alt')).toBe('')
        expect(await loaded(banner)).toEqual({ width: 800, height: 256 })
      }
    },
  )

  it("fetching: the first screen's pictures at once (the first banner first), the shelf below it lazily", async () => {
    const { page } = await browser.device({ width: 1280, height: 800 })
    await page.goto('/')
    await popularShelf(page).getByRole('listitem').nth(3).waitFor()
    const banners = page.getByRole('region', { name: '진행 중인 이벤트' }).locator('img')
    expect(await banners.first().getAttribute('fetchpriority')).toBe('high')
    expect(await banners.first().getAttribute('loading')).toBeNull()
    for (const image of await popularShelf(page).locator('img').all()) {
      expect(await image.getAttribute('loading')).toBe('eager')
    }
    for (const image of await page.getByRole('region', { name: '새로 나온 강의' }).locator('img').all()) {
      expect(await image.getAttribute('loading')).toBe('lazy')
    }
  })

  it("a picture that fails (404) or is missing becomes the category's branded ground, named by the title", async () => {
    const { page, errors } = await browser.device({ width: 1280, height: 800 })
    await page.route('**/media/images/course-101.webp', (route) => route.fulfill({ status: 404, body: 'gone' }))
    await page.route('**/media/images/banner-401.webp', (route) => route.fulfill({ status: 404, body: 'gone' }))
    // The SQL course comes without a picture at all.
    await page.route('**/api/v2/courses?*', async (route) => {
      const answer = await route.fetch()
      const body = (await answer.json()) as { items: Record<string, unknown>[] }
      for (const course of body.items) if (course.id === 104) delete course.thumbnailUrl
      await route.fulfill({ response: answer, json: body })
    })
    await page.goto('/')
    const shelf = popularShelf(page)
    const broken = shelf.getByRole('listitem').filter({ hasText: '실무 React 완벽 가이드' })
    const fallback = broken.getByRole('img', { name: '실무 React 완벽 가이드' })
    await fallback.waitFor()
    expect(await broken.locator('img').count()).toBe(0)
    expect(await fallback.textContent()).toBe('프로그래밍')
    expect(await fallback.getAttribute('class')).toContain('from-indigo-700')
    // As large as the picture would have been: 16:9 of the card.
    const box = await fallback.boundingBox()
    expect(Math.abs((box?.width ?? 0) / (box?.height ?? 1) - 16 / 9)).toBeLessThan(0.02)
    // Its neighbour keeps its own picture.
    expect(await loaded(shelf.getByRole('img', { name: '처음 만나는 자바스크립트' }))).toEqual({
      width: 640,
      height: 360,
    })

    const newest = page.getByRole('region', { name: '새로 나온 강의' })
    const missing = newest.getByRole('listitem').filter({ hasText: '현업 SQL 마스터 클래스' })
    await missing.getByRole('img', { name: '현업 SQL 마스터 클래스' }).waitFor()
    expect(await missing.getByRole('img').getAttribute('class')).toContain('from-teal-700')

    // A banner without its picture keeps its ground and its text.
    const banner = page.getByRole('link', { name: /가을 맞이 전 강의 최대 40% 할인/ })
    await expect.poll(() => banner.locator('img').count()).toBe(0)
    expect(await banner.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)')
    expect(onlyFailedLoads(errors, [404])).toBe(true)
    errors.length = 0
  })

  it('a card shows the discount %, the sale and list prices, and the rating with its review count', async () => {
    const { page } = await browser.device({ width: 1280, height: 800 })
    await page.goto('/courses')
    await courseCards(page).nth(6).waitFor()
    const react = courseCards(page).filter({ hasText: '실무 React 완벽 가이드' })
    const [text] = await react.allInnerTexts()
    expect(text).toMatch(/31%\s*₩89,000\s*(정가\s*)?₩129,000/)
    expect(text).toMatch(/★\s*4\.7\s*\(3\)/)
    // Read aloud as words.
    expect(await react.textContent()).toContain('평점 4.7점, 수강평 3개')
    expect(await react.textContent()).toContain('할인 31%')
    // No review yet, no rating.
    expect(await courseCards(page).filter({ hasText: '비즈니스 영어 이메일 쓰기' }).allInnerTexts()).not.toEqual([
      expect.stringContaining('★'),
    ])
    // No discount, no %: the free course and the full-price one.
    expect(await courseCards(page).filter({ hasText: '처음 만나는 자바스크립트' }).allInnerTexts()).not.toEqual([
      expect.stringContaining('%'),
    ])
    expect(await courseCards(page).filter({ hasText: '현업 SQL 마스터 클래스' }).allInnerTexts()).toEqual([
      expect.stringMatching(/₩110,000(?![\s\S]*₩)/),
    ])
    // The catalogue's first row fetches at once, the rest lazily.
    const loading = await courseCards(page)
      .locator('img')
      .evaluateAll((images) => images.map((image) => image.getAttribute('loading')))
    expect(loading).toEqual(['eager', 'eager', 'eager', 'eager', 'lazy', 'lazy', 'lazy'])
  })

  it.each([
    [390, 844],
    [1280, 800],
  ])('the course page at %ix%i opens with its picture, fetched first', async (width, height) => {
    const { page } = await browser.device({ width, height })
    await page.goto('/courses/103')
    const title = page.getByRole('heading', { level: 1, name: '파이썬으로 시작하는 데이터 분석' })
    await title.waitFor()
    const picture = page.getByRole('img', { name: '파이썬으로 시작하는 데이터 분석' })
    expect(await loaded(picture)).toEqual({ width: 640, height: 360 })
    expect(await picture.getAttribute('fetchpriority')).toBe('high')
    expect(await picture.getAttribute('loading')).toBe('eager')
    const [pictureBox, titleBox] = [await picture.boundingBox(), await title.boundingBox()]
    if (!pictureBox || !titleBox) throw new Error('not laid out')
    // Within the first screen, and first: above the title on a phone, beside it on a wide screen.
    expect(pictureBox.y + pictureBox.height).toBeLessThan(height)
    if (width < 768) expect(pictureBox.y + pictureBox.height).toBeLessThanOrEqual(titleBox.y)
    else expect(pictureBox.x + pictureBox.width).toBeLessThanOrEqual(titleBox.x)
  })
})
