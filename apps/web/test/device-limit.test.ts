import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { type Journey, testLearner } from './accounts.ts'
import { seriousViolations } from './axe.ts'
import { setUpBrowser } from './browser.ts'
import { fillSignIn, onlyFailedLoads, signInAs } from './sign-in-steps.ts'

const browser = setUpBrowser()
const HEARTBEAT_IDLE_INTERVAL_MS = 20 * 60_000

/**
 * The learner of `journey` signed in on two devices (the first the oldest, on Playwright's clock),
 * and a third signing in over the limit of 2: its sign-in form is sent, the modal is next.
 */
async function atTheLimit(journey: Journey) {
  const learner = testLearner(journey)
  const oldest = await browser.device()
  await oldest.page.clock.install()
  await signInAs(oldest.page, learner)
  const second = await browser.device()
  await signInAs(second.page, learner)
  const third = await browser.device({ width: 1280, height: 800 })
  await third.page.goto('/sign/in')
  await fillSignIn(third.page, learner.email, learner.password)
  const dialog = third.page.getByRole('dialog', { name: '최대 기기 수에 도달했습니다.' })
  await dialog.waitFor()
  return { learner, oldest, second, third, dialog }
}

const focusedInside = (page: Page) => page.evaluate(() => document.activeElement?.closest('dialog') !== null)

describe('the device limit after sign-in', () => {
  it('the third device sees its devices with the oldest chosen, removes it and gets in; the removed one is told why and lands on /sign/in within one heartbeat interval', async () => {
    const { learner, oldest, third, dialog } = await atTheLimit('limit')
    const radios = dialog.getByRole('radio')
    expect(await radios.count()).toBe(2)
    expect(await dialog.getByRole('radio', { checked: true }).count()).toBe(1)
    const chosen = dialog.locator('label', { has: third.page.getByRole('radio', { checked: true }) })
    expect(await chosen.textContent()).toContain('가장 먼저 로그인한 기기')
    expect(await dialog.locator('label').first().textContent()).toContain('가장 먼저 로그인한 기기')

    await dialog.getByRole('button', { name: '선택한 기기 제거' }).click()
    await third.page.getByText('기기가 성공적으로 제거되었습니다').waitFor()
    await dialog.waitFor({ state: 'detached' })
    await third.page.getByText(`${learner.nickname}님`).waitFor()

    // Still signed in on the removed device until its next heartbeat, at most one interval on.
    expect(new URL(oldest.page.url()).pathname).toBe('/')
    await oldest.page.clock.runFor(HEARTBEAT_IDLE_INTERVAL_MS)
    await oldest.page.getByText('다른 기기에서 이 기기를 로그아웃했습니다. 다시 로그인해주세요.').waitFor()
    await oldest.page.waitForURL((url) => url.pathname === '/sign/in')
    await oldest.page.getByRole('link', { name: '로그인' }).waitFor()

    // The refused registration (403) and the removed device's last heartbeat (401).
    expect(onlyFailedLoads(third.errors, [403])).toBe(true)
    third.errors.length = 0
    expect(onlyFailedLoads(oldest.errors, [401])).toBe(true)
    oldest.errors.length = 0
  })

  it('works with the keyboard alone: focus starts on the oldest, Tab stays inside, Enter removes', async () => {
    const { learner, third, dialog } = await atTheLimit('limit-keyboard')
    const { page } = third
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.checked)).toBe(true)
    for (let step = 0; step < 5; step++) {
      await page.keyboard.press('Tab')
      expect(await focusedInside(page)).toBe(true)
    }
    for (let step = 0; step < 5; step++) {
      await page.keyboard.press('Shift+Tab')
      expect(await focusedInside(page)).toBe(true)
    }
    await dialog.getByRole('button', { name: '선택한 기기 제거' }).focus()
    await page.keyboard.press('Enter')
    await page.getByText('기기가 성공적으로 제거되었습니다').waitFor()
    await dialog.waitFor({ state: 'detached' })
    await page.getByText(`${learner.nickname}님`).waitFor()
    expect(onlyFailedLoads(third.errors, [403])).toBe(true)
    third.errors.length = 0
  })

  it('axe finds nothing serious with the modal open; Escape closes it and removes nothing', async () => {
    const { third, dialog } = await atTheLimit('limit-axe')
    expect(await seriousViolations(third.page)).toEqual([])
    await third.page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect(onlyFailedLoads(third.errors, [403])).toBe(true)
    third.errors.length = 0
  })

  it('a removal the server refuses says 기기 제거에 실패했습니다.; one that gets no answer 기기 제거 중 오류가 발생했습니다.; the dialog stays, and the next try gets in', async () => {
    const { learner, third, dialog } = await atTheLimit('limit-removal')
    const { page } = third
    const forceLogout = (url: URL) => url.pathname.startsWith('/api/v2/session-tracker/force-logout/')
    const remove = dialog.getByRole('button', { name: '선택한 기기 제거' })
    const said = dialog.getByRole('alert')

    await page.route(forceLogout, (route) =>
      route.fulfill({ status: 500, json: { code: 'INTERNAL_ERROR', error: 'Internal Server Error' } }),
    )
    await remove.click()
    await said.filter({ hasText: '기기 제거' }).waitFor()
    expect(await said.textContent()).toBe('기기 제거에 실패했습니다. 다시 시도해주세요.')

    // The connection drops: the removal heard nothing back.
    await page.unroute(forceLogout)
    await page.route(forceLogout, (route) => route.abort('internetdisconnected'))
    await remove.click()
    await said.filter({ hasText: '오류' }).waitFor()
    expect(await said.textContent()).toBe('기기 제거 중 오류가 발생했습니다. 다시 시도해주세요.')
    expect(await dialog.getByRole('radio').count()).toBe(2)

    await page.unroute(forceLogout)
    await remove.click()
    await page.getByText('기기가 성공적으로 제거되었습니다').waitFor()
    await dialog.waitFor({ state: 'detached' })
    await page.getByText(`${learner.nickname}님`).waitFor()
    // The refused registration (403), the refused removal (500) and the one that got no answer.
    expect(
      third.errors.every(
        (error) => onlyFailedLoads([error], [403, 500]) || error.includes('net::ERR_INTERNET_DISCONNECTED'),
      ),
    ).toBe(true)
    third.errors.length = 0
  })

  it('a limit 403 without canForceLogout opens no dialog: the toast says the limit was reached', async () => {
    const learner = testLearner('limit-refused')
    for (let signedIn = 0; signedIn < 2; signedIn++) await signInAs((await browser.device()).page, learner)
    const third = await browser.device()
    // The backend's own 403, as a server answers that offers no removal (spec section 4).
    await third.page.route('**/api/v2/session-tracker', async (route) => {
      const response = await route.fetch()
      if (response.status() !== 403) return route.fulfill({ response })
      return route.fulfill({ response, json: { ...(await response.json()), canForceLogout: false } })
    })
    await third.page.goto('/sign/in')
    await fillSignIn(third.page, learner.email, learner.password)
    // The toast (sonner's region); the dialog's title would say the same.
    await third.page
      .getByRole('region', { name: /Notifications/ })
      .getByText('최대 기기 수에 도달했습니다.')
      .waitFor()
    // The dialog's chunk loads lazily: only once the network is quiet is its absence decided.
    await third.page.waitForLoadState('networkidle')
    expect(await third.page.getByRole('dialog').count()).toBe(0)
    expect(await third.page.getByText('세션 등록에 실패했습니다.').count()).toBe(0)
    expect(onlyFailedLoads(third.errors, [403])).toBe(true)
    third.errors.length = 0
  })
})
