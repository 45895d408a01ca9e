import { DESKTOP_AUTH_SESSION_KEY } from '@coursekit/core'
import { describe, expect, it } from 'vitest'
import { testLearner } from './accounts.ts'
import { setUpDesktop } from './desktop-browser.ts'
import { AUTH_TOKEN_KEY } from './desktop-host.ts'
import { expectListedAsDesktopApp, expectProxiedToApi, expectSignedInNatively } from './desktop-steps.ts'
import { signOutFromHeader } from './header-steps.ts'
import { fillSignIn, signInAs } from './sign-in-steps.ts'

const desktop = setUpDesktop()

describe("the learner app in the desktop wrapper (Chromium, the wrapper's bridge): signing in and out", () => {
  it('signs in through the proxy: the tokens only in the native store, signed in again after a restart, listed as the desktop app', async () => {
    const learner = testLearner('desktop-sign-in')
    const device = await desktop.device()
    const { page, host } = device
    await signInAs(page, learner)
    await desktop.expectNoTokenInPages(device)
    expectSignedInNatively(host)
    // Supabase Auth's password grant, the profile and the device registration, all through the proxy.
    expect(host.proxied('/auth/v1/token').map((entry) => entry.status)).toEqual([200])
    expect(host.proxied('/api/v2/session-tracker').map((entry) => entry.status)).toEqual([200])
    expectProxiedToApi(host, desktop.apiOrigin)

    // The window opened again: the session comes back from the native store.
    const reads = host.log.filter((entry) => entry.command === 'get_auth_token').length
    await page.reload()
    await page.getByText(`${learner.nickname}님`).waitFor()
    expect(host.log.filter((entry) => entry.command === 'get_auth_token').length).toBeGreaterThan(reads)
    await expectListedAsDesktopApp(page)
  })

  it('one device too many: the device-limit modal, the oldest (a browser) removed, and the desktop app gets in', async () => {
    const learner = testLearner('desktop-limit')
    const first = await desktop.browser.device()
    await signInAs(first.page, learner)
    const second = await desktop.browser.device()
    await signInAs(second.page, learner)

    const device = await desktop.device()
    const { page, host } = device
    await page.goto('/sign/in')
    await fillSignIn(page, learner.email, learner.password)
    const dialog = page.getByRole('dialog', { name: '최대 기기 수에 도달했습니다.' })
    await dialog.waitFor()
    expect(host.proxied('/api/v2/session-tracker').map((entry) => entry.status)).toEqual([403])
    expect(await dialog.getByRole('radio').count()).toBe(2)
    const chosen = dialog.locator('label', { has: page.getByRole('radio', { checked: true }) })
    expect(await chosen.textContent()).toContain('가장 먼저 로그인한 기기')

    await dialog.getByRole('button', { name: '선택한 기기 제거' }).click()
    await page.getByText('기기가 성공적으로 제거되었습니다').waitFor()
    await dialog.waitFor({ state: 'detached' })
    await page.getByText(`${learner.nickname}님`).waitFor()
    await desktop.expectNoTokenInPages(device)
    // The removal too went through the proxy.
    const removals = host.proxied().filter((entry) => entry.method === 'DELETE')
    expect(removals.map((entry) => entry.status)).toEqual([200])
    expect(host.proxied('/api/v2/session-tracker').map((entry) => entry.status)).toEqual([403, 200])
    expectSignedInNatively(host)
    expectProxiedToApi(host, desktop.apiOrigin)
    await expectListedAsDesktopApp(page)
  })

  it('signs out: the native store is emptied (token and session), and the app opens signed out', async () => {
    const learner = testLearner('desktop-sign-out')
    const device = await desktop.device()
    const { page, host } = device
    await signInAs(page, learner)
    await desktop.expectNoTokenInPages(device)
    expectSignedInNatively(host)
    await expectListedAsDesktopApp(page)

    await signOutFromHeader(page)
    await expect.poll(() => [...host.tokens.keys()]).toEqual([])
    const cleared = host.log.flatMap((entry) => (entry.command === 'clear_auth_token' ? [entry.key] : []))
    expect(cleared).toEqual(expect.arrayContaining([AUTH_TOKEN_KEY, DESKTOP_AUTH_SESSION_KEY]))
    expect(host.proxied('/api/v2/session-tracker/end').map((entry) => entry.status)).toEqual([200])

    await page.reload()
    await page.getByRole('link', { name: '로그인' }).waitFor()
    expect(await page.getByText(`${learner.nickname}님`).count()).toBe(0)
    expect(host.tokens.size).toBe(0)
    expectProxiedToApi(host, desktop.apiOrigin)
  })
})
