import { describe, expect, it } from 'vitest'
import { setUpBrowser } from './browser.ts'

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
})
