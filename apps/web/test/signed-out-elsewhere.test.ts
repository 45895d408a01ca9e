import { CHROME_WINDOWS, SAFARI_IPHONE } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import { testLearner } from './accounts.ts'
import { setUpBrowser } from './browser.ts'
import { deviceRows, HEARTBEAT_IDLE_INTERVAL_MS, openMyDevices, sessionIdOf, setPageVisible } from './device-steps.ts'
import { onlyFailedLoads, signInAs } from './sign-in-steps.ts'

const browser = setUpBrowser()

/**
 * A device the server signed out is told why (decisions.md) within one heartbeat interval and goes
 * to /sign/in. Forced out by another device's device-limit modal: device-limit.test.ts.
 */
describe('signed out elsewhere', () => {
  it('removed from "my devices" on another device: told so within one idle interval, then /sign/in', async () => {
    const learner = testLearner('evicted-removed')
    const phone = await browser.device({ userAgent: SAFARI_IPHONE })
    await phone.page.clock.install()
    await signInAs(phone.page, learner)

    const desktop = await browser.device({ width: 1280, height: 800, userAgent: CHROME_WINDOWS })
    await signInAs(desktop.page, learner)
    await openMyDevices(desktop.page)
    await desktop.page.getByRole('button', { name: 'Safari · iOS 기기 제거' }).click()
    await desktop.page.getByRole('dialog').getByRole('button', { name: '기기 제거' }).click()
    await desktop.page.getByText('기기가 성공적으로 제거되었습니다').waitFor()
    expect(await deviceRows(desktop.page).count()).toBe(1)

    // The phone is still signed in until its next heartbeat, at most one interval on.
    expect(new URL(phone.page.url()).pathname).toBe('/')
    await phone.page.clock.runFor(HEARTBEAT_IDLE_INTERVAL_MS)
    await phone.page.getByText('다른 기기에서 이 기기를 로그아웃했습니다. 다시 로그인해주세요.').waitFor()
    await phone.page.waitForURL((url) => url.pathname === '/sign/in')
    await phone.page.getByRole('link', { name: '로그인' }).waitFor()
    expect(onlyFailedLoads(phone.errors, [401])).toBe(true)
    phone.errors.length = 0
  })

  it('removed while its page was closed: on reload it is told so and lands on /sign/in, no device-limit dialog', async () => {
    const learner = testLearner('evicted-reload')
    const phone = await browser.device({ userAgent: SAFARI_IPHONE })
    await phone.page.clock.install()
    await signInAs(phone.page, learner)
    const desktop = await browser.device({ width: 1280, height: 800, userAgent: CHROME_WINDOWS })
    await signInAs(desktop.page, learner)
    await openMyDevices(desktop.page)
    await desktop.page.getByRole('button', { name: 'Safari · iOS 기기 제거' }).click()
    await desktop.page.getByRole('dialog').getByRole('button', { name: '기기 제거' }).click()
    await desktop.page.getByText('기기가 성공적으로 제거되었습니다').waitFor()
    // A third device takes the freed slot: a new registration of the phone would meet the limit.
    const tablet = await browser.device()
    await signInAs(tablet.page, learner)

    await phone.page.reload()
    await phone.page.getByText('다른 기기에서 이 기기를 로그아웃했습니다. 다시 로그인해주세요.').waitFor()
    await phone.page.waitForURL((url) => url.pathname === '/sign/in')
    await phone.page.getByRole('link', { name: '로그인' }).waitFor()
    expect(await phone.page.getByRole('dialog', { name: '최대 기기 수에 도달했습니다.' }).count()).toBe(0)
    expect(await phone.page.evaluate(() => localStorage.getItem('session_id'))).toBeNull()
    expect(onlyFailedLoads(phone.errors, [401])).toBe(true)
    phone.errors.length = 0
  })

  it('removed while the person was away: coming back after 5 minutes sends a heartbeat, which tells it', async () => {
    const learner = testLearner('evicted-return')
    const phone = await browser.device({ userAgent: SAFARI_IPHONE })
    await phone.page.clock.install()
    await signInAs(phone.page, learner)
    const heartbeats: string[] = []
    phone.page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/v2/session-tracker/heartbeat') heartbeats.push(request.url())
    })
    const desktop = await browser.device({ width: 1280, height: 800, userAgent: CHROME_WINDOWS })
    await signInAs(desktop.page, learner)
    await openMyDevices(desktop.page)
    await desktop.page.getByRole('button', { name: 'Safari · iOS 기기 제거' }).click()
    await desktop.page.getByRole('dialog').getByRole('button', { name: '기기 제거' }).click()
    await desktop.page.getByText('기기가 성공적으로 제거되었습니다').waitFor()

    // Back after 4 minutes: within the skip gap (spec §9), nothing is sent and nothing changes.
    await setPageVisible(phone.page, false)
    await phone.page.clock.runFor(4 * 60_000)
    await setPageVisible(phone.page, true)
    await setPageVisible(phone.page, false)
    expect(heartbeats).toEqual([])
    // Back after 5: one heartbeat, which hears of the removal.
    await phone.page.clock.runFor(60_000)
    const beat = phone.page.waitForRequest((request) => new URL(request.url()).pathname.endsWith('/heartbeat'))
    await setPageVisible(phone.page, true)
    await beat
    await phone.page.getByText('다른 기기에서 이 기기를 로그아웃했습니다. 다시 로그인해주세요.').waitFor()
    await phone.page.waitForURL((url) => url.pathname === '/sign/in')
    expect(heartbeats).toHaveLength(1)
    expect(onlyFailedLoads(phone.errors, [401])).toBe(true)
    phone.errors.length = 0
  })

  it('its lease ran out while it slept: on waking it is told so and sent to /sign/in; signing in again gives it a fresh slot', async () => {
    const learner = testLearner('evicted-lease')
    const { page, errors } = await browser.device()
    await page.clock.install()
    await signInAs(page, learner)
    const asleepFor = 3 * 60 * 60_000
    const before = await sessionIdOf(page)
    // The lid closes for three hours: the server hears nothing from this device (its clock is
    // shared with other journeys, so only this session is made older), and the page's time jumps.
    const aged = await page.request.post(`/__dev/devices/${encodeURIComponent(before)}/backdate`, {
      data: { ms: asleepFor },
    })
    expect(aged.status()).toBe(200)
    await page.clock.fastForward(asleepFor)
    await page.getByText('오랫동안 사용하지 않아 이 기기가 로그아웃되었습니다. 다시 로그인해주세요.').waitFor()
    await page.waitForURL((url) => url.pathname === '/sign/in')
    expect(onlyFailedLoads(errors, [401])).toBe(true)
    errors.length = 0

    await signInAs(page, learner)
    await openMyDevices(page)
    // Only this device, in a new slot (the expired one holds none).
    expect(await deviceRows(page).count()).toBe(1)
    await page.getByRole('listitem', { name: /이 기기/ }).waitFor()
  })
})
