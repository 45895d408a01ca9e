import { decisionMessages } from '@coursekit/core'
import { describe, expect, it } from 'vitest'
import { testLearner } from './accounts.ts'
import { setUpBrowser } from './browser.ts'
import {
  loopTheClip,
  openLesson,
  playback,
  playedPast,
  playWithKeyboard,
  trackerRequests,
  watchAccepted,
} from './lesson-player-steps.ts'
import { onlyFailedLoads, signInAs } from './sign-in-steps.ts'

const browser = setUpBrowser()
const MINUTE = 60_000

describe('watching a lesson (spec §4, §7, §9)', () => {
  it("watching on A, playing on B: B's conflict dialog, terminate others, A's player stops and says why within a heartbeat", async () => {
    const learner = testLearner('player-conflict')
    const a = await browser.device()
    await a.page.clock.install()
    await signInAs(a.page, learner)
    const b = await browser.device({ width: 1280, height: 800 })
    await signInAs(b.page, learner)
    await openLesson(b.page, '/courses/101/lessons/1003')

    await openLesson(a.page, '/courses/101/lessons/1003')
    await loopTheClip(a.page)
    const aWatching = watchAccepted(a.page)
    await playWithKeyboard(a.page)
    await aWatching
    await playedPast(a.page, 0.2)

    await playWithKeyboard(b.page)
    const dialog = b.page.getByRole('dialog', { name: '다른 기기에서 시청 중입니다' })
    await dialog.waitFor()
    await b.page.waitForFunction(() => document.querySelector('video')?.paused === true)
    const bWatching = watchAccepted(b.page)
    await dialog.getByRole('button', { name: '다른 기기 시청 종료' }).click()
    await b.page.getByText('다른 기기 시청이 종료되었습니다.').waitFor()
    await dialog.waitFor({ state: 'detached' })
    await bWatching
    await playedPast(b.page, 0.2)

    // A plays on until its next heartbeat (one a minute while watching) brings the server's word.
    expect((await playback(a.page)).paused).toBe(false)
    await a.page.clock.runFor(MINUTE)
    await a.page.getByRole('alert').filter({ hasText: decisionMessages.watchEndedByOtherDevice }).waitFor()
    await a.page.waitForFunction(() => document.querySelector('video')?.paused === true)
    expect(new URL(a.page.url()).pathname).toBe('/courses/101/lessons/1003')
    // The 409 of B's first try.
    expect(onlyFailedLoads(b.errors, [409])).toBe(true)
    b.errors.length = 0
  })

  it('sends 60 heartbeats over a simulated hour of watching', async () => {
    const learner = testLearner('player-heartbeats')
    const { page } = await browser.device()
    await page.clock.install()
    await signInAs(page, learner)
    await openLesson(page, '/courses/101/lessons/1003')
    await loopTheClip(page)
    const watching = watchAccepted(page)
    await playWithKeyboard(page)
    await watching
    const requests = trackerRequests(page)
    const heartbeats = () => requests.filter((request) => request.route === 'heartbeat').length
    for (let minute = 1; minute <= 60; minute++) {
      await page.clock.runFor(MINUTE)
      await expect.poll(heartbeats).toBeGreaterThanOrEqual(minute)
    }
    expect(heartbeats()).toBe(60)
    expect((await playback(page)).paused).toBe(false)
  })

  it('a 401 in the middle of playback (the token refused, its refresh too): the video keeps playing, no redirect, still signed in', async () => {
    const learner = testLearner('player-401')
    const { page, errors } = await browser.device()
    await page.clock.install()
    await signInAs(page, learner)
    await openLesson(page, '/courses/101/lessons/1003')
    await loopTheClip(page)
    const watching = watchAccepted(page)
    await playWithKeyboard(page)
    await watching

    // From here the server refuses this device's token on the heartbeat, and its refresh token.
    let refused = 0
    await page.route('**/api/v2/session-tracker/heartbeat', (route) => {
      refused++
      return route.fulfill({ status: 401, json: { code: 'UNAUTHORIZED', message: '인증이 필요합니다.' } })
    })
    await page.route(
      (url) => url.pathname === '/auth/v1/token' && url.searchParams.get('grant_type') === 'refresh_token',
      (route) =>
        route.fulfill({ status: 400, json: { error_code: 'refresh_token_not_found', msg: 'Invalid Refresh Token' } }),
    )
    await page.clock.runFor(MINUTE)
    await expect.poll(() => refused).toBeGreaterThanOrEqual(1)
    const at = (await playback(page)).time
    await playedPast(page, at + 0.5)
    expect(new URL(page.url()).pathname).toBe('/courses/101/lessons/1003')
    expect(await page.getByText(`${learner.nickname}님`).isVisible()).toBe(true)
    expect(await page.getByText('세션이 만료되었습니다. 다시 로그인해주세요.').count()).toBe(0)
    expect(onlyFailedLoads(errors, [400, 401])).toBe(true)
    errors.length = 0
  })

  it('starting the next lesson ends the current watch first (at the network)', async () => {
    const learner = testLearner('player-next')
    const { page } = await browser.device({ width: 1280, height: 800 })
    await signInAs(page, learner)
    await openLesson(page, '/courses/101/lessons/1002')
    await loopTheClip(page)
    const watching = watchAccepted(page)
    await playWithKeyboard(page)
    await watching
    const requests = trackerRequests(page)
    const nextWatching = watchAccepted(page)
    await page.getByRole('link', { name: /다음 수업/ }).click()
    await page.waitForURL((url) => url.pathname === '/courses/101/lessons/1003')
    await page.locator('video').waitFor()
    // The next lesson plays on by itself where the browser allows it; otherwise Space starts it.
    if ((await playback(page)).paused) await playWithKeyboard(page)
    await nextWatching
    const order = requests.filter((request) => request.route === 'watch' || request.route === 'end-watch')
    expect(order.map((request) => request.route)).toEqual(['end-watch', 'watch'])
    expect(order[1]?.body).toContain('video-101-3')
  })

  it('leaving the page while watching sends the end-watch beacon: the server no longer counts the device as watching', async () => {
    const learner = testLearner('player-leave')
    const { page, context } = await browser.device()
    await signInAs(page, learner)
    await openLesson(page, '/courses/101/lessons/1002')
    await loopTheClip(page)
    const watching = watchAccepted(page)
    await playWithKeyboard(page)
    await watching
    const sessionId = await page.evaluate(() => localStorage.getItem('session_id'))
    const watchingOnServer = async () => {
      const state = (await (await context.request.get('/__dev/state')).json()) as DevState
      const sessions = state.devices.users.flatMap((user) => user.sessions)
      return sessions.find((session) => session.id === sessionId)?.isWatchingVideo
    }
    expect(await watchingOnServer()).toBe(true)
    await page.goto('about:blank')
    await expect.poll(watchingOnServer).toBe(false)
  })
})

/** What the mock's /__dev/state says of the devices. */
interface DevState {
  devices: { users: { sessions: { id: string; isWatchingVideo: boolean }[] }[] }
}
