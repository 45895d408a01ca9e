import { describe, expect, it } from 'vitest'
import { testLearner } from './accounts.ts'
import { setUpBrowser } from './browser.ts'
import { signedInUserId } from './course-steps.ts'
import { sessionIdOf } from './device-steps.ts'
import { chooseFromProfileMenu, signOutFromHeader } from './header-steps.ts'
import { openLesson, playedPast, playWithKeyboard } from './lesson-player-steps.ts'
import { signInAs } from './sign-in-steps.ts'

const browser = setUpBrowser()

describe('a computer people share', () => {
  it("B signing in after A sees none of A's lessons and gets a device id of B's own; A's progress is back when A returns", async () => {
    const a = testLearner('shared-a')
    const b = testLearner('shared-b')
    const { page } = await browser.device({ width: 1280, height: 800 })
    const myCourses = () => chooseFromProfileMenu(page, '내 강의실')
    const resumeA = page.getByRole('link', { name: /실무 React 완벽 가이드 이어보기/ })
    const signOut = () => signOutFromHeader(page)

    await signInAs(page, a)
    const aId = await signedInUserId(page)
    const aDevice = await sessionIdOf(page)
    expect(aDevice.startsWith(`${aId}_`)).toBe(true)
    await openLesson(page, '/courses/101/lessons/1002')
    await playWithKeyboard(page)
    await playedPast(page, 1)
    await page.keyboard.press('Space')
    await page.waitForFunction(() => document.querySelector('video')?.paused === true)
    await myCourses()
    await resumeA.waitFor()
    await signOut()
    expect(await page.evaluate(() => localStorage.getItem('session_id'))).toBeNull()

    await signInAs(page, b)
    const bId = await signedInUserId(page)
    expect((await sessionIdOf(page)).startsWith(`${bId}_`)).toBe(true)
    await myCourses()
    await page.getByText('아직 이 기기에서 시청한 강의가 없습니다.', { exact: false }).waitFor()
    expect(await page.getByText('실무 React 완벽 가이드').count()).toBe(0)
    expect(await page.getByText('이어보기').count()).toBe(0)
    await signOut()

    await signInAs(page, a)
    await myCourses()
    await resumeA.waitFor()
    // A fresh device id: the one A had ended at sign-out.
    const again = await sessionIdOf(page)
    expect(again.startsWith(`${aId}_`)).toBe(true)
    expect(again).not.toBe(aDevice)
  })
})
