import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { testLearner } from './accounts.ts'
import { seriousViolations } from './axe.ts'
import { setUpBrowser } from './browser.ts'
import { openLesson, playback, playToTheEnd } from './lesson-player-steps.ts'
import { pauseClockNow } from './oauth-steps.ts'
import { signInAs } from './sign-in-steps.ts'

const browser = setUpBrowser()
const pathIs = (path: string) => (url: URL) => url.pathname === path

/**
 * axe's findings while the page's clock is paused: axe waits on timers of its own, so the clock
 * moves a millisecond at a time until it answers, at most `budgetMs` (how far it moved is returned).
 * The clock is the context's: axe finishes in a blank page of its own, which shares it and closes
 * when done, so a step that meets that page closing is no failure.
 */
async function seriousViolationsOnPausedClock(page: Page, budgetMs: number): Promise<{ found: string[]; ms: number }> {
  let answered = false
  const found = seriousViolations(page).finally(() => {
    answered = true
  })
  let ms = 0
  while (!answered && ms < budgetMs) {
    await page.clock.runFor(1).catch((error: unknown) => {
      if (!(error instanceof Error && error.message.includes('has been closed'))) throw error
    })
    ms++
  }
  return { found: await found, ms }
}

describe('the end of a lesson', () => {
  it('counts 5 s down to the next lesson on the page clock and plays it at exactly 5 s, not before', async () => {
    const { page } = await browser.device({ width: 1280, height: 800 })
    await page.clock.install()
    await signInAs(page, testLearner('player-countdown'))
    await openLesson(page, '/courses/101/lessons/1003')
    await pauseClockNow(page)
    await playToTheEnd(page)

    const card = page.getByRole('region', { name: /다음 수업/ })
    await card.waitFor()
    expect(await card.textContent()).toContain('렌더링 성능 측정과 최적화')
    expect(await card.textContent()).toContain('5초 후')

    await page.clock.runFor(4_000)
    await expect.poll(() => card.textContent()).toContain('1초 후')
    await page.clock.runFor(999)
    expect(new URL(page.url()).pathname).toBe('/courses/101/lessons/1003')
    expect(await card.textContent()).toContain('1초 후')
    await page.clock.runFor(1)
    await page.waitForURL(pathIs('/courses/101/lessons/1004'))
    // Arrived by the countdown, the next lesson plays on.
    await expect.poll(async () => (await playback(page)).paused).toBe(false)
  })

  it('취소 stays on the lesson for good; the next end counts again, Escape declines too, and 지금 보기 goes at once', async () => {
    const { page } = await browser.device({ width: 390, height: 844 })
    await page.clock.install()
    await signInAs(page, testLearner('player-end'))
    await openLesson(page, '/courses/101/lessons/1002')
    await pauseClockNow(page)
    await playToTheEnd(page)
    const card = page.getByRole('region', { name: /다음 수업/ })
    await card.waitFor()
    // axe moves the paused clock a few milliseconds: the countdown still counts.
    expect((await seriousViolationsOnPausedClock(page, 3_000)).found).toEqual([])
    expect(await card.textContent()).toContain('초 후')
    await card.getByRole('button', { name: '취소' }).click()
    await card.waitFor({ state: 'detached' })
    // Back on the video, where the keyboard was.
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('VIDEO')
    await page.clock.runFor(60_000)
    expect(new URL(page.url()).pathname).toBe('/courses/101/lessons/1002')

    await playToTheEnd(page)
    await card.waitFor()
    expect(await card.textContent()).toContain('5초 후')
    // Escape on the video declines as 취소 does.
    await page.keyboard.press('Escape')
    await card.waitFor({ state: 'detached' })
    await page.clock.runFor(10_000)
    expect(new URL(page.url()).pathname).toBe('/courses/101/lessons/1002')

    await playToTheEnd(page)
    await card.waitFor()
    await card.getByRole('button', { name: '지금 보기' }).click()
    await page.waitForURL(pathIs('/courses/101/lessons/1003'))
  })

  it("the course's last lesson: no countdown, the way back to the course instead", async () => {
    const { page } = await browser.device({ width: 390, height: 844 })
    await page.clock.install()
    await signInAs(page, testLearner('player-last'))
    await openLesson(page, '/courses/101/lessons/1004')
    await pauseClockNow(page)
    await playToTheEnd(page)
    const card = page.getByRole('region', { name: '이 강의의 마지막 수업이에요' })
    await card.waitFor()
    expect(await card.textContent()).not.toContain('초 후')
    expect((await seriousViolationsOnPausedClock(page, 10_000)).found).toEqual([])
    await page.clock.runFor(30_000)
    expect(new URL(page.url()).pathname).toBe('/courses/101/lessons/1004')
    await card.getByRole('link', { name: '강의로 돌아가기' }).click()
    await page.waitForURL(pathIs('/courses/101'))
  })

  it('a signed-out preview whose next lesson needs an account: the way to sign in and back, no countdown', async () => {
    const { page } = await browser.device({ width: 1280, height: 800 })
    await page.clock.install()
    await openLesson(page, '/courses/101/lessons/1001')
    await pauseClockNow(page)
    await playToTheEnd(page)
    const card = page.getByRole('region', { name: '다음 수업은 로그인 후 볼 수 있어요' })
    await card.waitFor()
    await page.clock.runFor(30_000)
    expect(new URL(page.url()).pathname).toBe('/courses/101/lessons/1001')
    expect(await card.getByRole('link', { name: '로그인하고 계속 보기' }).getAttribute('href')).toBe(
      '/sign/in?redirect=%2Fcourses%2F101%2Flessons%2F1002',
    )
    await card.getByRole('button', { name: '닫기' }).click()
    await card.waitFor({ state: 'detached' })
  })
})
