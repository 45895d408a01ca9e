import { describe, expect, it } from 'vitest'
import { testLearner } from './accounts.ts'
import { seriousViolations } from './axe.ts'
import { setUpBrowser } from './browser.ts'
import { AUTUMN_SALE_DAY, saveLessonProgress } from './course-steps.ts'
import { onlyFailedLoads, signInAs } from './sign-in-steps.ts'

const browser = setUpBrowser()

describe('accessibility of the course pages (axe, no serious or critical violation)', () => {
  it.each([
    [390, 844, 'courses-axe-390'],
    [1280, 800, 'courses-axe-1280'],
  ] as const)(
    'at %ix%i: /courses (and no match), a course, a missing course, /my/courses',
    async (width, height, journey) => {
      const { page, errors } = await browser.device({ width, height })
      await page.clock.install({ time: AUTUMN_SALE_DAY })
      // Signed in with progress, so the course page and /my/courses show it (kept per account).
      await signInAs(page, testLearner(journey))
      await saveLessonProgress(page, { 1001: { positionSec: 0, done: true }, 1002: { positionSec: 30, done: false } })
      await page.goto('/courses')
      await page.getByText('강의 7개').waitFor()
      expect(await seriousViolations(page)).toEqual([])
      await page.goto('/courses?q=%EC%97%86%EC%9D%8C')
      await page.getByRole('link', { name: '검색 조건 지우기' }).waitFor()
      expect(await seriousViolations(page)).toEqual([])
      await page.goto('/courses/101')
      await page.getByRole('region', { name: '수강평' }).getByRole('listitem').nth(2).waitFor()
      await page.getByText('AUTUMN40').waitFor()
      expect(await seriousViolations(page)).toEqual([])
      await page.goto('/courses/999999')
      await page.getByRole('heading', { name: '강의를 찾을 수 없습니다' }).waitFor()
      expect(await seriousViolations(page)).toEqual([])
      await page.goto('/my/courses')
      await page.getByRole('heading', { level: 1, name: '내 강의실' }).waitFor()
      await page.getByRole('progressbar').first().waitFor()
      expect(await seriousViolations(page)).toEqual([])
      expect(onlyFailedLoads(errors, [404])).toBe(true)
      errors.length = 0
    },
  )
})
