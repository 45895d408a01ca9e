import { describe, expect, it } from 'vitest'
import { testLearner } from './accounts.ts'
import { setUpBrowser } from './browser.ts'
import { deviceRows, openMyDevices, sessionIdOf } from './device-steps.ts'
import { loopTheClip, openLesson, playback, playWithKeyboard, watchAccepted } from './lesson-player-steps.ts'
import { onlyFailedLoads, signInAs } from './sign-in-steps.ts'

const browser = setUpBrowser()
const MINUTE = 60_000
const TRACKER = '/api/v2/session-tracker'

/** A registration (POST session-tracker) the server answered with `status`. */
function registrationAnswered(page: import('playwright-core').Page, status: number) {
  return page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === TRACKER &&
      response.request().method() === 'POST' &&
      response.status() === status,
  )
}

describe('the device registers again by itself (packages/core/README.md, "The device session")', () => {
  it('one 500 on registration: 세션 등록에 실패했습니다., then the retry on the client clock registers it and 기기 관리 lists it', async () => {
    const learner = testLearner('devices-retry')
    const { page, errors } = await browser.device({ width: 1280, height: 800 })
    await page.clock.install()
    // The server fails this browser's first registration only (a fault set on the shared mock
    // server could hit another journey's registration instead).
    let failed = false
    await page.route(`**${TRACKER}`, async (route) => {
      if (failed || route.request().method() !== 'POST') return route.fallback()
      failed = true
      await route.fulfill({
        status: 500,
        json: { error: 'Internal Server Error', message: 'Internal Server Error', code: 'INTERNAL_ERROR' },
      })
    })
    const refused = registrationAnswered(page, 500)
    await signInAs(page, learner)
    await refused
    await page.getByText('세션 등록에 실패했습니다.').first().waitFor()
    await openMyDevices(page)
    expect(await deviceRows(page).count()).toBe(0)

    // 5 s on the page's clock: the registration is tried again, and the open list shows the device.
    const registered = registrationAnswered(page, 200)
    await page.clock.runFor(5_000)
    await registered
    await page.getByRole('listitem', { name: /이 기기/ }).waitFor()
    expect(await deviceRows(page).count()).toBe(1)
    expect(onlyFailedLoads(errors, [500])).toBe(true)
    errors.length = 0
  })

  it('a backend that forgot the device mid-lesson (SESSION_REVOKED, reason unknown): registered and watching again, not signed out', async () => {
    const learner = testLearner('devices-forgotten')
    const { page, errors } = await browser.device({ width: 1280, height: 800 })
    await page.clock.install()
    await signInAs(page, learner)
    await openLesson(page, '/courses/101/lessons/1002')
    await loopTheClip(page)
    const watching = watchAccepted(page)
    await playWithKeyboard(page)
    await watching
    const sessionId = await sessionIdOf(page)

    // The backend restarts and loses this device; the next heartbeat (a minute while watching) hears so.
    const forgotten = await page.request.post(`/__dev/devices/${encodeURIComponent(sessionId)}/forget`)
    expect(forgotten.status()).toBe(200)
    const registered = registrationAnswered(page, 200)
    const watchingAgain = watchAccepted(page)
    await page.clock.runFor(MINUTE)
    await registered
    await watchingAgain

    expect(new URL(page.url()).pathname).toBe('/courses/101/lessons/1002')
    expect((await playback(page)).paused).toBe(false)
    await page.getByText(`${learner.nickname}님`).waitFor()
    expect(await sessionIdOf(page)).toBe(sessionId)
    const state = (await (await page.request.get('/__dev/state')).json()) as DevState
    const live = state.devices.users.flatMap((user) => user.sessions).find((session) => session.id === sessionId)
    expect(live).toMatchObject({ isWatchingVideo: true })
    // The heartbeat's 401.
    expect(onlyFailedLoads(errors, [401])).toBe(true)
    errors.length = 0
  })
})

/** What the mock's /__dev/state says of the devices. */
interface DevState {
  devices: { users: { sessions: { id: string; isWatchingVideo: boolean }[] }[] }
}
