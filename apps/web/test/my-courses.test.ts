import { describe, expect, it } from 'vitest'
import { testLearner } from './accounts.ts'
import { setUpBrowser } from './browser.ts'
import { saveLessonProgress } from './course-steps.ts'
import { chooseFromProfileMenu } from './header-steps.ts'
import { fillSignIn, signInAs } from './sign-in-steps.ts'

const browser = setUpBrowser()

describe('my courses (/my/courses)', () => {
  it('signed out: sign in first, then back; nothing watched on this device yet points to the catalogue', async () => {
    const learner = testLearner('my-courses-empty')
    const { page } = await browser.device()
    await page.goto('/my/courses')
    await page.waitForURL((url) => url.pathname === '/sign/in')
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/my/courses')
    await fillSignIn(page, learner.email, learner.password)
    await page.waitForURL((url) => url.pathname === '/my/courses')
    await page.getByText('아직 이 기기에서 시청한 강의가 없습니다.', { exact: false }).waitFor()
    await page.getByRole('link', { name: '전체 강의 보기' }).click()
    await page.waitForURL((url) => url.pathname === '/courses')
  })

  it("from the header's 내 강의실: the courses watched on this device with their progress and where to continue", async () => {
    const learner = testLearner('my-courses')
    const { page } = await browser.device({ width: 1280, height: 800 })
    await signInAs(page, learner)
    await saveLessonProgress(page, {
      1001: { positionSec: 0, done: true },
      1002: { positionSec: 42, done: false },
      1005: { positionSec: 0, done: true },
      1006: { positionSec: 0, done: true },
      1007: { positionSec: 0, done: true },
    })
    // The client reads the stored progress when a page loads.
    await page.reload()
    await page.getByText(`${learner.nickname}님`).waitFor()
    await chooseFromProfileMenu(page, '내 강의실')
    await page.getByRole('heading', { level: 1, name: '내 강의실' }).waitFor()
    const cards = page.getByRole('region', { name: '시청한 강의' }).getByRole('listitem')
    await cards.nth(1).waitFor()
    // The latest watched first: course 102 (all done), then 101.
    expect(await cards.nth(0).textContent()).toContain('처음 만나는 자바스크립트')
    const review = page.getByRole('link', { name: /처음 만나는 자바스크립트 복습하기/ })
    expect(await review.getAttribute('href')).toBe('/courses/102/lessons/1005')
    const progress = page.getByRole('progressbar', { name: '실무 React 완벽 가이드 진도' })
    expect(await progress.getAttribute('value')).toBe('1')
    expect(await progress.getAttribute('max')).toBe('4')
    expect(await cards.nth(1).textContent()).toContain('1/4 · 25%')
    await page.getByRole('link', { name: /실무 React 완벽 가이드 이어보기/ }).click()
    await page.waitForURL((url) => url.pathname === '/courses/101/lessons/1002')
  })
})
