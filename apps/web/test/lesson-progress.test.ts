import { describe, expect, it } from 'vitest'
import { testLearner } from './accounts.ts'
import { setUpBrowser } from './browser.ts'
import { openLesson, playback, playedPast, playWithKeyboard } from './lesson-player-steps.ts'
import { onlyFailedLoads, signInAs } from './sign-in-steps.ts'

const browser = setUpBrowser()

describe('lesson progress in the player (decisions.md, "Lessons and media")', () => {
  it('resumes after a reload where the pause left it; played to its end the lesson is done, the course shows it, and it starts from 0 again', async () => {
    const learner = testLearner('player-resume')
    const { page } = await browser.device({ width: 1280, height: 800 })
    await signInAs(page, learner)
    await openLesson(page, '/courses/101/lessons/1003')
    const list = page.getByRole('region', { name: '수업 목록' })
    await list.getByText('4개 중 0개 완료').waitFor()

    await playWithKeyboard(page)
    await playedPast(page, 1.5)
    await page.keyboard.press('Space')
    await page.waitForFunction(() => document.querySelector('video')?.paused === true)
    const saved = (await playback(page)).time

    await page.reload()
    await page.locator('video').waitFor()
    await page.waitForFunction((at) => Math.abs((document.querySelector('video')?.currentTime ?? 0) - at) < 0.25, saved)

    // Close to the end (→ moves 5 s), then play it out.
    await page.locator('video').focus()
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('ArrowRight')
    await playWithKeyboard(page)
    await page.waitForFunction(() => document.querySelector('video')?.ended === true)
    // Staying on this lesson: the end's 다음 수업 countdown would move on after 5 s.
    await page
      .getByRole('region', { name: /다음 수업/ })
      .getByRole('button', { name: '취소' })
      .click()
    await page.getByText('수강 완료한 수업입니다').waitFor()
    await list.getByText('4개 중 1개 완료').waitFor()
    const current = list.locator('a[aria-current="page"]')
    expect(await current.textContent()).toContain('완료')
    expect(await list.getByRole('progressbar', { name: '강의 진도' }).getAttribute('aria-valuenow')).toBe('1')

    // Done stays; the next watch starts from the beginning.
    await page.reload()
    await page.locator('video').waitFor()
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1)
    expect((await playback(page)).time).toBe(0)
    await page.getByText('수강 완료한 수업입니다').waitFor()
  })
})

describe('who may play which lesson', () => {
  it('a preview lesson plays signed out; another lesson sends the visitor to sign in and back', async () => {
    const { page } = await browser.device()
    await openLesson(page, '/courses/101/lessons/1001')
    expect(await page.getByText('미리보기').first().isVisible()).toBe(true)
    await playWithKeyboard(page)
    await playedPast(page, 0.3)

    await page.getByRole('link', { name: /다음 수업/ }).click()
    await page.waitForURL((url) => url.pathname === '/sign/in')
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/courses/101/lessons/1002')
    const learner = testLearner('player-signin')
    await page.getByRole('textbox', { name: '이메일' }).fill(learner.email)
    await page.getByLabel('비밀번호', { exact: true }).fill(learner.password)
    await page.getByRole('button', { name: '로그인', exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/courses/101/lessons/1002')
    await page.locator('video').waitFor()
  })

  it('an unknown lesson or course is a 404 state', async () => {
    const { page, errors } = await browser.device()
    await page.goto('/courses/101/lessons/9999')
    await page.getByRole('heading', { name: '수업을 찾을 수 없습니다' }).waitFor()
    expect(await page.getByRole('link', { name: '강의로 돌아가기' }).getAttribute('href')).toBe('/courses/101')
    await page.goto('/courses/999/lessons/1001')
    await page.getByRole('heading', { name: '강의를 찾을 수 없습니다' }).waitFor()
    expect(await page.title()).toBe('강의를 찾을 수 없습니다 | 코스킷')
    // The course's own 404.
    expect(onlyFailedLoads(errors, [404])).toBe(true)
    errors.length = 0
  })
})
