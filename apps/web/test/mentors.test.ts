import { describe, expect, it } from 'vitest'
import { seriousViolations } from './axe.ts'
import { setUpBrowser } from './browser.ts'
import { tabTo } from './keyboard-steps.ts'
import { checkReadStates } from './read-state-steps.ts'

const browser = setUpBrowser()

describe('/mentors', () => {
  it('opens from the header menu: each mentor with title, bio, careers and courses that lead to the course', async () => {
    const { page } = await browser.device()
    await page.goto('/')
    await page.getByRole('navigation', { name: '주 메뉴' }).getByRole('link', { name: '멘토' }).click()
    await page.waitForURL((url) => url.pathname === '/mentors')
    await expect.poll(() => page.title()).toBe('멘토 | 코스킷')
    const mentor = page.getByRole('listitem', { name: '박준호' })
    await mentor.waitFor()
    expect(await mentor.getByText('시니어 프론트엔드 개발자').isVisible()).toBe(true)
    expect(await mentor.getByText(/실무에서 바로 쓰는 React/).isVisible()).toBe(true)
    expect(await mentor.getByRole('heading', { name: '경력' }).isVisible()).toBe(true)
    expect(await page.getByRole('listitem', { name: /^(이서연|최민지|정우성)$/ }).count()).toBe(3)
    await mentor.getByRole('link', { name: '실무 React 완벽 가이드' }).click()
    await page.waitForURL((url) => url.pathname === '/courses/101')
  })

  it('/mentors#mentor-<id> lands on that mentor: scrolled into view and focused', async () => {
    const { page } = await browser.device()
    await page.goto('/mentors#mentor-4')
    const mentor = page.getByRole('listitem', { name: '정우성' })
    await mentor.waitFor()
    await page.waitForFunction(() => document.activeElement?.id === 'mentor-4')
    const box = await mentor.boundingBox()
    expect(box && box.y >= 0 && box.y < 844).toBe(true)
    // The next Tab goes on from the mentor: to their first course.
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('퍼포먼스 마케팅 A to Z')
  })

  it("a course page's mentor link lands on that mentor's block, focused", async () => {
    const { page } = await browser.device()
    await page.goto('/courses/103')
    await page.getByRole('link', { name: '이서연 멘토 더 알아보기' }).click()
    await page.waitForURL((url) => url.pathname === '/mentors' && url.hash === '#mentor-2')
    await page.waitForFunction(() => document.activeElement?.id === 'mentor-2')
    expect(await page.getByRole('listitem', { name: '이서연' }).isVisible()).toBe(true)
  })

  it('keyboard alone: from the menu to a mentor and on to their course', async () => {
    const { page } = await browser.device({ width: 1280, height: 800 })
    await page.goto('/')
    await page.getByRole('heading', { level: 2, name: '인기 강의' }).waitFor()
    await tabTo(page, '멘토')
    await page.keyboard.press('Enter')
    await page.getByRole('listitem', { name: '최민지' }).waitFor()
    await tabTo(page, 'Figma로 완성하는 UI 디자인 포트폴리오')
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.pathname === '/courses/105')
  })

  it('loading, no answer, a 5xx and no mentors each have their face', async () => {
    await checkReadStates(() => browser.device(), {
      path: '/mentors',
      api: '/api/v2/mentors',
      ready: (page) => page.getByRole('listitem', { name: '박준호' }).waitFor(),
      failedText: '멘토 정보를 불러오지 못했습니다.',
      emptyText: '아직 소개할 멘토가 없습니다.',
    })
  })

  it.each([
    [390, 844],
    [1280, 800],
  ])('axe finds nothing serious at %ix%i', async (width, height) => {
    const { page } = await browser.device({ width, height })
    await page.goto('/mentors#mentor-2')
    await page.getByRole('listitem', { name: '이서연' }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
  })
})
