import { SAFARI_IPHONE } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import { adminJourney, testLearner } from './accounts.ts'
import { seriousViolations } from './axe.ts'
import { setUpBrowser } from './browser.ts'
import { onlyFailedLoads, signInAs } from './sign-in-steps.ts'

const browser = setUpBrowser()
const HEARTBEAT_IDLE_INTERVAL_MS = 20 * 60_000
const admin = testLearner(adminJourney)

describe('/admin', () => {
  it('an admin sees a table grouped by learner with n / limit, force-signs a device out, and that device is told within one heartbeat interval', async () => {
    const learner = testLearner('admin-target')
    const target = await browser.device()
    await target.page.clock.install()
    await signInAs(target.page, learner)
    const second = await browser.device({ userAgent: SAFARI_IPHONE })
    await signInAs(second.page, learner)

    const operator = await browser.device({ width: 1280, height: 800 })
    await signInAs(operator.page, admin, '/sign/in?redirect=%2Fadmin')
    const { page } = operator
    await page.getByRole('heading', { name: '접속 중인 기기' }).waitFor()
    await page.getByRole('searchbox', { name: '사용자 검색' }).fill(learner.email)
    // One row group per learner, headed by who they are and their devices against the limit.
    const group = page.getByRole('table').getByRole('rowgroup', { name: new RegExp(learner.nickname) })
    await group.filter({ hasText: '2 / 2대' }).waitFor()
    expect(await group.textContent()).toContain(learner.email)
    const rows = group.getByRole('row').filter({ has: page.getByRole('button') })
    expect(await rows.count()).toBe(2)
    // The packaged Chromium says HeadlessChrome; it is Chrome, not "Other".
    const row = rows.filter({ hasText: 'Chrome · Linux' })
    expect(await row.textContent()).toContain('시청하지 않음')
    expect(await rows.filter({ hasText: 'Safari · iOS' }).count()).toBe(1)
    expect(await page.getByRole('columnheader', { name: '마지막 접속' }).count()).toBe(1)
    expect(await seriousViolations(page)).toEqual([])

    // On a phone's width the same learner is a card of their devices, each with its 강제 로그아웃.
    await page.setViewportSize({ width: 390, height: 844 })
    const card = page.getByRole('list', { name: '접속 중인 기기' }).getByRole('listitem', { name: learner.nickname })
    await card.filter({ hasText: '2 / 2대' }).waitFor()
    expect(await page.getByRole('table').count()).toBe(0)
    await card
      .getByRole('listitem', { name: 'Safari · iOS' })
      .getByRole('button', { name: /강제 로그아웃$/ })
      .waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await page.setViewportSize({ width: 1280, height: 800 })

    await row.getByRole('button', { name: /강제 로그아웃$/ }).click()
    await page.getByText('기기를 로그아웃했습니다.').waitFor()
    await group.filter({ hasText: '1 / 2대' }).waitFor()
    expect(await rows.count()).toBe(1)

    await target.page.clock.runFor(HEARTBEAT_IDLE_INTERVAL_MS)
    await target.page.getByText('관리자가 이 기기를 로그아웃했습니다. 다시 로그인해주세요.').waitFor()
    await target.page.waitForURL((url) => url.pathname === '/sign/in')
    expect(onlyFailedLoads(target.errors, [401])).toBe(true)
    target.errors.length = 0
  })

  it('a learner opening /admin is told and sent home', async () => {
    const learner = testLearner('not-admin')
    const { page } = await browser.device()
    await signInAs(page, learner)
    await page.goto('/admin')
    await page.getByText('관리자 권한이 필요합니다.').waitFor()
    await page.waitForURL((url) => url.pathname === '/')
    expect(await page.getByRole('heading', { name: '접속 중인 기기' }).count()).toBe(0)
  })

  it('a signed-out visitor is sent to sign in and comes back to /admin', async () => {
    const { page } = await browser.device()
    await page.goto('/admin')
    await page.waitForURL((url) => url.pathname === '/sign/in' && url.searchParams.get('redirect') === '/admin')
  })

  it('session tracking is skipped on /admin: no heartbeat while it is open', async () => {
    const { page } = await browser.device()
    await page.clock.install()
    await signInAs(page, admin)
    const tracked: string[] = []
    page.on('request', (request) => {
      const { pathname } = new URL(request.url())
      // The home page's own session may end as it is left (its pagehide); what counts is /admin's.
      if (pathname.startsWith('/api/v2/session-tracker') && pathname !== '/api/v2/session-tracker/end') {
        tracked.push(pathname)
      }
    })
    await page.goto('/admin')
    await page.getByRole('heading', { name: '접속 중인 기기' }).waitFor()
    await page.clock.runFor(3 * HEARTBEAT_IDLE_INTERVAL_MS)
    await page.getByRole('heading', { name: '접속 중인 기기' }).waitFor()
    expect(tracked).toEqual([])
  })
})
