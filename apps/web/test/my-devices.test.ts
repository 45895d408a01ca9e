import { CHROME_WINDOWS, SAFARI_IPHONE } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import { type Journey, testLearner } from './accounts.ts'
import { seriousViolations } from './axe.ts'
import { setUpBrowser } from './browser.ts'
import { deviceRows, openMyDevices, sessionIdOf, startWatchingOn } from './device-steps.ts'
import { chooseFromProfileMenu } from './header-steps.ts'
import { onlyFailedLoads, signInAs } from './sign-in-steps.ts'

const browser = setUpBrowser()

/** The learner of `journey` on an iPhone and, signed in after it, a Windows desktop on /my/devices. */
async function phoneAndDesktop(journey: Journey, desktopSize = { width: 1280, height: 800 }) {
  const learner = testLearner(journey)
  const phone = await browser.device({ userAgent: SAFARI_IPHONE })
  await phone.page.clock.install()
  await signInAs(phone.page, learner)
  const desktop = await browser.device({ ...desktopSize, userAgent: CHROME_WINDOWS })
  await desktop.page.clock.install()
  await signInAs(desktop.page, learner)
  await openMyDevices(desktop.page)
  return { learner, phone, desktop }
}

describe('/my/devices', () => {
  it('lists every device in words, this one marked, last seen moving on the clock, what each watches; ends the other watch', async () => {
    const { phone, desktop } = await phoneAndDesktop('devices')
    const { page } = desktop
    const rows = deviceRows(page)
    expect(await rows.count()).toBe(2)
    const phoneRow = page.getByRole('listitem', { name: 'Safari · iOS' })
    const thisRow = page.getByRole('listitem', { name: /Chrome · Windows/ })
    expect(await phoneRow.textContent()).toContain('모바일 · 마지막 접속')
    // The oldest is said beside its first sign-in date, not beside its last visit.
    expect(await phoneRow.textContent()).toMatch(/처음 로그인 \d{4}년 \d{1,2}월 \d{1,2}일 · 가장 먼저 로그인한 기기/)
    expect(await thisRow.textContent()).toMatch(/처음 로그인 \d{4}년 \d{1,2}월 \d{1,2}일(?! · 가장)/)
    expect(await phoneRow.locator('svg[data-device-kind]').getAttribute('data-device-kind')).toBe('mobile')
    expect(await thisRow.locator('svg[data-device-kind]').getAttribute('data-device-kind')).toBe('desktop')
    expect(await phoneRow.textContent()).toContain('시청하지 않음')
    expect(await thisRow.textContent()).toContain('이 기기')
    // The page's clock runs on in real time until the test moves it: a second may have passed.
    expect(await thisRow.textContent()).toMatch(/데스크톱 · 마지막 접속 (지금|\d+초 전)/)

    // The list is the client's 60 s cache: when it was read moves on with the clock; refresh reads again.
    await page.clock.runFor(2 * 60_000)
    await page.getByTestId('devices-fetched').filter({ hasText: '기기 2대 · 2분 전 불러옴' }).waitFor()
    await thisRow.filter({ hasText: '마지막 접속 2분 전' }).waitFor()

    await startWatchingOn(phone.page, 'video-101-2')
    const read = page.waitForRequest(
      (request) => new URL(request.url()).pathname === '/api/v2/session-tracker/sessions',
    )
    await page.getByRole('button', { name: '새로고침' }).click()
    await read
    await page.getByTestId('devices-fetched').filter({ hasText: '지금 불러옴' }).waitFor()
    await phoneRow.filter({ hasText: '시청 중: 컴포넌트를 나누는 기준' }).waitFor()

    await page.getByRole('button', { name: '다른 기기 시청 종료' }).click()
    await page.getByText('다른 기기 시청이 종료되었습니다.').waitFor()
    await phoneRow.filter({ hasText: '시청하지 않음' }).waitFor()
    expect(await page.getByRole('button', { name: '다른 기기 시청 종료' }).count()).toBe(0)

    // A removal the server refuses: the confirm says so in the catalogue's words; the device stays.
    const removal = (url: URL) => url.pathname.startsWith('/api/v2/session-tracker/sessions/')
    await page.route(removal, (route) =>
      route.fulfill({ status: 500, json: { code: 'INTERNAL', error: 'Internal error' } }),
    )
    await page.getByRole('button', { name: 'Safari · iOS 기기 제거' }).click()
    const dialog = page.getByRole('dialog', { name: 'Safari · iOS 기기를 제거할까요?' })
    await dialog.getByRole('button', { name: '기기 제거' }).click()
    await dialog.getByRole('alert').filter({ hasText: '기기를 삭제할 수 없습니다.' }).waitFor()
    await dialog.getByRole('button', { name: '취소' }).click()
    await dialog.waitFor({ state: 'detached' })
    expect(await rows.count()).toBe(2)
    expect(onlyFailedLoads(desktop.errors, [500])).toBe(true)
    desktop.errors.length = 0
  })

  it('opened from the menu shows the list it has at once and reads it again: a device signed in since shows', async () => {
    const learner = testLearner('devices-reread')
    const desktop = await browser.device({ width: 1280, height: 800, userAgent: CHROME_WINDOWS })
    await signInAs(desktop.page, learner)
    // The phone signs in within the desktop's 60 s cache of the list its registration got (1 device).
    const phone = await browser.device({ userAgent: SAFARI_IPHONE })
    await signInAs(phone.page, learner)
    const read = desktop.page.waitForRequest(
      (request) => new URL(request.url()).pathname === '/api/v2/session-tracker/sessions',
    )
    await chooseFromProfileMenu(desktop.page, '기기 관리')
    await read
    await desktop.page.getByTestId('devices-fetched').filter({ hasText: '기기 2대' }).waitFor()
    await desktop.page.getByRole('listitem', { name: 'Safari · iOS' }).waitFor()
  })

  it('removing this very device says first that it signs out here, then does: the success notice only, and /sign/in', async () => {
    const { desktop } = await phoneAndDesktop('devices-self')
    const { page } = desktop
    await page.getByRole('button', { name: '이 기기 제거' }).click()
    const dialog = page.getByRole('dialog', { name: '이 기기를 제거할까요?' })
    expect(await dialog.textContent()).toContain('이 기기에서 바로 로그아웃되고 로그인 화면으로 이동합니다')
    await dialog.getByRole('button', { name: '제거하고 로그아웃' }).click()
    await page.getByText('기기가 성공적으로 제거되었습니다').waitFor()
    await page.waitForURL((url) => url.pathname === '/sign/in')
    await page.getByRole('link', { name: '로그인' }).waitFor()
    expect(await page.getByText('다른 기기에서 이 기기를 로그아웃했습니다', { exact: false }).count()).toBe(0)
  })

  it('works with the keyboard alone: to a device, its confirm (focus on 취소), remove, focus back on the list', async () => {
    const { page } = (await phoneAndDesktop('devices-keyboard')).desktop
    const remove = page.getByRole('button', { name: 'Safari · iOS 기기 제거' })
    // From the page's top, Tab reaches the phone's remove button.
    await page.getByRole('heading', { name: '기기 관리', level: 1 }).click()
    for (let step = 0; step < 30; step++) {
      await page.keyboard.press('Tab')
      if (await remove.evaluate((element) => element === document.activeElement)) break
    }
    expect(await remove.evaluate((element) => element === document.activeElement)).toBe(true)
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Safari · iOS 기기를 제거할까요?' })
    await dialog.waitFor()
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('취소')
    // Escape cancels and removes nothing; focus returns to the button.
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect(await remove.evaluate((element) => element === document.activeElement)).toBe(true)
    await page.keyboard.press('Enter')
    await dialog.waitFor()
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('기기 제거')
    await page.keyboard.press('Enter')
    await page.getByText('기기가 성공적으로 제거되었습니다').waitFor()
    await dialog.waitFor({ state: 'detached' })
    await remove.waitFor({ state: 'detached' })
    expect(await deviceRows(page).count()).toBe(1)
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('로그인된 기기')
  })

  it('axe finds nothing serious with the list and with the confirm open, on a phone and a desktop', async () => {
    const { phone, desktop } = await phoneAndDesktop('devices-axe', { width: 1280, height: 800 })
    await openMyDevices(phone.page)
    for (const { page } of [phone, desktop]) {
      expect(await seriousViolations(page)).toEqual([])
      await page.getByRole('button', { name: '이 기기 제거' }).click()
      await page.getByRole('dialog').waitFor()
      expect(await seriousViolations(page)).toEqual([])
      await page.getByRole('button', { name: '취소' }).click()
    }
  })

  it('no answer from the server: the offline banner over the list kept, and 다시 시도 reads it again', async () => {
    const learner = testLearner('devices-offline')
    const { page, errors } = await browser.device()
    await signInAs(page, learner)
    await openMyDevices(page)
    const list = (url: URL) => url.pathname === '/api/v2/session-tracker/sessions'
    await page.route(list, (route) => route.abort('internetdisconnected'))
    await page.getByRole('button', { name: '새로고침' }).click()
    await page.getByText('서버에 연결할 수 없습니다.', { exact: false }).waitFor()
    expect(await deviceRows(page).count()).toBe(1)
    await page.unroute(list)
    // The list read before the failure is still shown, so what says the retry worked is its answer
    // and the banner leaving.
    const reread = page.waitForResponse((response) => list(new URL(response.url())) && response.status() === 200)
    await page.getByRole('button', { name: '다시 시도' }).click()
    await reread
    await page.getByText('서버에 연결할 수 없습니다.', { exact: false }).waitFor({ state: 'detached' })
    await page.getByTestId('devices-fetched').filter({ hasText: '기기 1대' }).waitFor()
    expect(await page.getByText('서버에 연결할 수 없습니다.', { exact: false }).count()).toBe(0)
    expect(errors.every((error) => error.includes('net::ERR_INTERNET_DISCONNECTED'))).toBe(true)
    errors.length = 0
  })

  it('a signed-out visitor is sent to sign in and comes back to /my/devices', async () => {
    const learner = testLearner('devices-redirect')
    const { page } = await browser.device()
    await page.goto('/my/devices')
    await page.waitForURL((url) => url.pathname === '/sign/in' && url.searchParams.get('redirect') === '/my/devices')
    await signInAs(page, learner, page.url())
    await page.waitForURL((url) => url.pathname === '/my/devices')
    const row = page.getByRole('listitem', { name: /이 기기/ })
    await row.waitFor()
    expect(await sessionIdOf(page)).toMatch(/_/)
  })
})
