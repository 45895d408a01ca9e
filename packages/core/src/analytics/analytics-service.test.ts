import { demoAccounts } from '@coursekit/mock-server'
import { createWorld } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import { AUTH_WAIT_LIMIT_MS } from '../kernel/constants.ts'
import { storageKeys } from '../kernel/storage-keys.ts'
import { analyticsPage, signedIn, signedOut } from './analytics-test-page.ts'

const SAMSUNG_PHONE =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36'
const MAC_SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15'

describe('visit analytics: the visit of a page load', () => {
  it('records the first page load with the user, referrer, entry path, campaign tags and client', async () => {
    const h = analyticsPage(await createWorld(), {
      page: '/courses/python?utm_source=naver&utm_medium=cpc&utm_campaign=spring&utm_content=banner&utm_term=%ED%8C%8C%EC%9D%B4%EC%8D%AC&ref=abc#top',
      referrer: 'https://search.naver.com/search.naver?query=python',
      userAgent: SAMSUNG_PHONE,
      auth: signedIn,
    })
    const tracked: string[] = []
    h.analytics.events.on('visitTracked', ({ visitId }) => tracked.push(visitId))
    h.analytics.start()
    await h.until(() => h.analytics.store.getState().status === 'tracked')

    const { visitId } = h.analytics.store.getState()
    const visit = h.backend.context.visits.get(visitId!)
    expect(visit).toMatchObject({
      userId: demoAccounts.learner.id,
      referrerUrl: 'https://search.naver.com/search.naver?query=python',
      entryPath: '/courses/python',
      utmSource: 'naver',
      utmMedium: 'cpc',
      utmCampaign: 'spring',
      utmContent: 'banner',
      utmTerm: '파이썬',
      deviceType: 'mobile',
      browser: 'Samsung Internet',
      os: 'Android',
      isNewUser: true,
    })
    expect(tracked).toEqual([visitId])
    expect(h.platform.storage.get(storageKeys.analyticsSessionId)).toBe(visitId)
    expect(h.platform.storage.get(storageKeys.returningUser)).not.toBeNull()
    expect(h.requests).toEqual([
      { method: 'POST', path: '/api/v2/analytics/track-visit', contentType: 'application/json' },
    ])
  })

  it('sends one visit per page load; the next load is a returning visitor with a new visit id', async () => {
    const first = analyticsPage(await createWorld(), { userAgent: MAC_SAFARI })
    first.analytics.start()
    first.analytics.start()
    await first.until(() => first.analytics.store.getState().status === 'tracked')
    await first.settle()
    expect(first.requests).toHaveLength(1)

    const second = first.reload({ page: '/' })
    second.analytics.start()
    await second.until(() => second.analytics.store.getState().status === 'tracked')
    const secondId = second.analytics.store.getState().visitId!
    expect(secondId).not.toBe(first.analytics.store.getState().visitId)
    expect(second.backend.context.visits.get(secondId)).toMatchObject({
      isNewUser: false,
      userId: null,
      referrerUrl: null,
      entryPath: '/',
      utmSource: null,
      utmTerm: null,
      deviceType: 'desktop',
      browser: 'Safari',
      os: 'macOS',
    })
    expect(second.platform.storage.get(storageKeys.analyticsSessionId)).toBe(secondId)
  })

  it('waits for the auth state to settle, so a signed-in visit carries its user id', async () => {
    const h = analyticsPage(await createWorld(), { auth: { status: 'loading', user: null } })
    h.analytics.start()
    await h.clock.tickAsync(1_000)
    expect(h.requests).toHaveLength(0)
    h.authStore.setState(signedIn)
    await h.until(() => h.analytics.store.getState().status === 'tracked')
    expect(h.backend.context.visits.get(h.analytics.store.getState().visitId!)?.userId).toBe(demoAccounts.learner.id)
  })

  it('waits for auth at most as long as a request waits for auth initialisation, then goes anonymous', async () => {
    const limit = AUTH_WAIT_LIMIT_MS
    const h = analyticsPage(await createWorld(), { auth: { status: 'loading', user: null } })
    h.analytics.start()
    await h.clock.tickAsync(limit - 1)
    expect(h.requests).toHaveLength(0)
    await h.clock.tickAsync(1)
    await h.until(() => h.analytics.store.getState().status === 'tracked')
    expect(h.backend.context.visits.get(h.analytics.store.getState().visitId!)?.userId).toBeNull()
    expect(h.clock.pendingTimers()).toBe(0)
  })

  it('keeps the query and hash out of the entry path (an OAuth return carries a code or tokens there)', async () => {
    const h = analyticsPage(await createWorld(), { page: '/auth/callback?code=secret-code#access_token=secret-token' })
    h.analytics.start()
    await h.until(() => h.analytics.store.getState().status === 'tracked')
    const visit = h.backend.context.visits.get(h.analytics.store.getState().visitId!)
    expect(visit?.entryPath).toBe('/auth/callback')
    expect(JSON.stringify(visit)).not.toContain('secret')
  })

  it('tells an iPad in desktop mode from a Mac by touch points, where the host reports them', async () => {
    const iPad = analyticsPage(await createWorld(), { userAgent: MAC_SAFARI, maxTouchPoints: 5 })
    iPad.analytics.start()
    await iPad.until(() => iPad.analytics.store.getState().status === 'tracked')
    expect(iPad.backend.context.visits.get(iPad.analytics.store.getState().visitId!)).toMatchObject({
      deviceType: 'tablet',
      os: 'iPadOS',
      browser: 'Safari',
    })
  })

  it('counts the same user agent as a Mac when the platform reports no touch points', async () => {
    const mac = analyticsPage(await createWorld(), { userAgent: MAC_SAFARI, maxTouchPoints: 0 })
    mac.analytics.start()
    await mac.until(() => mac.analytics.store.getState().status === 'tracked')
    expect(mac.backend.context.visits.get(mac.analytics.store.getState().visitId!)).toMatchObject({
      deviceType: 'desktop',
      os: 'macOS',
    })
  })
})

describe('visit analytics: the end of the visit', () => {
  it.each([
    { seconds: 14.9, visitDuration: 14, bounced: true },
    { seconds: 15, visitDuration: 15, bounced: false },
  ])(
    'on page hide after $seconds s: a beacon with visitDuration $visitDuration, bounced $bounced',
    async ({ seconds, visitDuration, bounced }) => {
      const h = analyticsPage(await createWorld())
      h.analytics.start()
      await h.until(() => h.analytics.store.getState().status === 'tracked')
      const visitId = h.analytics.store.getState().visitId!
      await h.clock.tickAsync(seconds * 1000 - (h.clock.now() - h.analytics.store.getState().startedAt!))

      h.platform.hidePage()
      // Queued synchronously inside the page-hide handler: nothing async stands between the page
      // going away and the beacon.
      expect(h.platform.beacons).toHaveLength(1)
      expect(h.platform.beacons[0]!.url).toBe(`${h.backend.url}/api/v2/analytics/track-visit/${visitId}`)
      expect(JSON.parse(h.platform.beacons[0]!.body)).toEqual({ visitDuration, bounced })

      await h.until(() => h.backend.context.visits.get(visitId)?.updates === 1)
      expect(h.backend.context.visits.get(visitId)).toMatchObject({ visitDuration, bounced })
      expect(h.requests.at(-1)).toEqual({
        method: 'POST',
        path: `/api/v2/analytics/track-visit/${visitId}`,
        contentType: 'text/plain;charset=UTF-8',
      })
      expect(h.analytics.store.getState().ended).toBe(true)
    },
  )

  it('ends the visit when the page becomes hidden (what mobile browsers send), once per visit', async () => {
    const h = analyticsPage(await createWorld())
    const ended: unknown[] = []
    h.analytics.events.on('visitEnded', (event) => ended.push(event))
    h.analytics.start()
    await h.until(() => h.analytics.store.getState().status === 'tracked')
    const visitId = h.analytics.store.getState().visitId!
    await h.clock.tickAsync(40_000)

    h.platform.setVisible(false)
    h.platform.setVisible(true)
    await h.clock.tickAsync(60_000)
    h.platform.setVisible(false)
    h.platform.hidePage()
    h.analytics.endVisit()
    await h.settle()

    expect(h.platform.beacons).toHaveLength(1)
    expect(JSON.parse(h.platform.beacons[0]!.body)).toEqual({ visitDuration: 40, bounced: false })
    expect(h.backend.context.visits.get(visitId)?.updates).toBe(1)
    expect(ended).toEqual([{ visitId, visitDuration: 40, bounced: false, queued: true }])
  })

  it('sends nothing when the page becomes visible', async () => {
    const h = analyticsPage(await createWorld(), { visible: false })
    h.analytics.start()
    await h.until(() => h.analytics.store.getState().status === 'tracked')
    h.platform.setVisible(true)
    await h.settle()
    expect(h.platform.beacons).toHaveLength(0)
  })

  it('a page hidden before the visit id arrives sends its end once the id is known', async () => {
    const h = analyticsPage(await createWorld())
    h.backend.faults.add({ path: '/api/v2/analytics/track-visit', kind: 'latency', latencyMs: 3_000, count: 1 })
    h.analytics.start()
    await h.clock.tickAsync(1_000)
    h.platform.hidePage()
    expect(h.platform.beacons).toHaveLength(0)

    await h.clock.tickAsync(2_000)
    await h.until(() => h.platform.beacons.length === 1)
    const visitId = h.analytics.store.getState().visitId!
    expect(JSON.parse(h.platform.beacons[0]!.body)).toEqual({ visitDuration: 1, bounced: true })
    await h.until(() => h.backend.context.visits.get(visitId)?.updates === 1)
  })

  it('a page hidden while auth is still loading stops waiting and records the visit at once', async () => {
    const h = analyticsPage(await createWorld(), { auth: { status: 'loading', user: null } })
    h.analytics.start()
    await h.clock.tickAsync(500)
    h.platform.setVisible(false)
    await h.until(() => h.platform.beacons.length === 1)
    expect(JSON.parse(h.platform.beacons[0]!.body)).toEqual({ visitDuration: 0, bounced: true })
    expect(h.clock.pendingTimers()).toBe(0)
  })

  it('falls back to one ordinary request when the browser refuses the beacon', async () => {
    const refused: string[] = []
    const h = analyticsPage(await createWorld(), {
      beacon: {
        send: (url) => {
          refused.push(url)
          return false
        },
      },
    })
    h.analytics.start()
    await h.until(() => h.analytics.store.getState().status === 'tracked')
    const visitId = h.analytics.store.getState().visitId!
    await h.clock.tickAsync(20_000)
    h.platform.hidePage()
    await h.until(() => h.backend.context.visits.get(visitId)?.updates === 1)
    await h.settle()
    expect(refused).toHaveLength(1)
    expect(h.backend.context.visits.get(visitId)).toMatchObject({ visitDuration: 20, bounced: false })
    expect(h.requests.filter((request) => request.path.endsWith(visitId))).toEqual([
      { method: 'POST', path: `/api/v2/analytics/track-visit/${visitId}`, contentType: 'application/json' },
    ])
  })
})

describe('visit analytics: opt-out and admin pages', () => {
  it('with analytics disabled sends and stores nothing, on load, hide or conversion', async () => {
    const h = analyticsPage(await createWorld(), { enabled: false, auth: signedIn })
    h.analytics.start()
    await h.settle()
    h.platform.hidePage()
    expect(await h.analytics.trackConversion('signup')).toBe('disabled')
    await h.settle()
    expect(h.requests).toEqual([])
    expect(h.platform.beacons).toEqual([])
    expect(h.platform.storage.get(storageKeys.returningUser)).toBeNull()
    expect(h.analytics.store.getState().status).toBe('disabled')
  })

  it.each(['/admin', '/admin/', '/admin/users/42'])('skips a page load entered on %s', async (page) => {
    const h = analyticsPage(await createWorld(), { page, auth: signedIn })
    h.analytics.start()
    await h.settle()
    h.platform.hidePage()
    expect(await h.analytics.trackConversion('paid')).toBe('skipped')
    await h.settle()
    expect(h.requests).toEqual([])
    expect(h.platform.beacons).toEqual([])
    expect(h.platform.storage.get(storageKeys.returningUser)).toBeNull()
    expect(h.analytics.store.getState().status).toBe('skipped')
  })

  it('a page load on /admin begins its visit when the app moves out of the admin area', async () => {
    const h = analyticsPage(await createWorld(), { page: '/admin', auth: signedIn })
    h.analytics.start()
    await h.settle()
    h.platform.routeTo('/courses/python?utm_source=naver')
    await h.until(() => h.analytics.store.getState().status === 'tracked')
    const visit = h.backend.context.visits.get(h.analytics.store.getState().visitId!)
    expect(visit).toMatchObject({ entryPath: '/courses/python', utmSource: 'naver' })
    expect(await h.analytics.trackConversion('paid')).toBe('tracked')
  })

  it('a visit under way skips the admin area: no conversion there, its time not counted; tracking resumes after', async () => {
    const h = analyticsPage(await createWorld(), { auth: signedIn })
    h.analytics.start()
    await h.until(() => h.analytics.store.getState().status === 'tracked')
    await h.clock.tickAsync(10_000)
    h.platform.routeTo('/admin/devices')
    expect(await h.analytics.trackConversion('paid')).toBe('skipped')
    await h.clock.tickAsync(30 * 60_000)
    h.platform.routeTo('/courses')
    await h.clock.tickAsync(10_000)
    expect(await h.analytics.trackConversion('paid')).toBe('tracked')
    h.platform.hidePage()
    expect(h.platform.beacons.map((beacon) => JSON.parse(beacon.body))).toEqual([{ visitDuration: 20, bounced: false }])
  })

  it("a router's report of the move (client.route.changed) is heard as well", async () => {
    const h = analyticsPage(await createWorld(), { page: '/admin' })
    h.analytics.start()
    h.client.route.changed('/courses')
    await h.until(() => h.analytics.store.getState().status === 'tracked')
    h.client.route.changed('/admin')
    expect(await h.analytics.trackConversion('signup')).toBe('skipped')
  })

  it('does not mistake a path that merely starts with the letters for the admin area', async () => {
    const h = analyticsPage(await createWorld(), { page: '/administration-course' })
    h.analytics.start()
    await h.until(() => h.analytics.store.getState().status === 'tracked')
  })
})

describe('visit analytics: dispose', () => {
  it('stops listening: a page hide after dispose sends nothing, and no timer is left', async () => {
    const h = analyticsPage(await createWorld(), { auth: { status: 'loading', user: null } })
    h.analytics.start()
    h.analytics.dispose()
    expect(h.clock.pendingTimers()).toBe(0)
    h.platform.hidePage()
    h.authStore.setState(signedOut)
    await h.settle()
    expect(h.requests).toEqual([])
    expect(h.platform.beacons).toEqual([])
    expect(h.analytics.store.getState().status).toBe('disposed')
  })
})
