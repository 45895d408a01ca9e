import { createWorld } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import type { ConversionOutcome } from './analytics-public-types.ts'
import { analyticsPage, signedIn } from './analytics-test-page.ts'

const conversionPuts = (requests: { method: string; path: string }[]) =>
  requests.filter(
    (request) => request.method === 'PUT' && request.path.startsWith('/api/v2/analytics/track-conversion/'),
  )

describe('visit analytics: conversions', () => {
  it('tracks signup and paid at most once each per page load', async () => {
    const h = analyticsPage(await createWorld(), { auth: signedIn })
    const tracked: string[] = []
    h.analytics.events.on('conversionTracked', ({ conversionType }) => tracked.push(conversionType))
    h.analytics.start()
    await h.until(() => h.analytics.store.getState().status === 'tracked')
    const visitId = h.analytics.store.getState().visitId!

    const outcomes = await Promise.all([
      h.analytics.trackConversion('signup'),
      h.analytics.trackConversion('signup'),
      h.analytics.trackConversion('paid'),
    ])
    expect(await h.analytics.trackConversion('paid')).toBe('duplicate')
    await h.settle()

    expect(outcomes).toEqual(['tracked', 'duplicate', 'tracked'])
    expect(conversionPuts(h.requests)).toEqual([
      { method: 'PUT', path: `/api/v2/analytics/track-conversion/${visitId}`, contentType: 'application/json' },
      { method: 'PUT', path: `/api/v2/analytics/track-conversion/${visitId}`, contentType: 'application/json' },
    ])
    expect(h.backend.context.visits.get(visitId)?.conversions.map((conversion) => conversion.type)).toEqual([
      'signup',
      'paid',
    ])
    expect(h.analytics.store.getState().conversions).toEqual(['signup', 'paid'])
    expect(tracked).toEqual(['signup', 'paid'])
  })

  it('a conversion before the visit id is known waits for it', async () => {
    const h = analyticsPage(await createWorld())
    h.backend.faults.add({ path: '/api/v2/analytics/track-visit', kind: 'latency', latencyMs: 2_000, count: 1 })
    const early = h.analytics.trackConversion('signup') // even before start
    h.analytics.start()
    let outcome: ConversionOutcome | null = null
    void early.then((value) => {
      outcome = value
    })
    await h.clock.tickAsync(1_999)
    expect(conversionPuts(h.requests)).toHaveLength(0)
    expect(outcome).toBeNull()

    await h.clock.tickAsync(1)
    await h.until(() => outcome !== null)
    const visitId = h.analytics.store.getState().visitId!
    expect(outcome).toBe('tracked')
    expect(conversionPuts(h.requests).map((request) => request.path)).toEqual([
      `/api/v2/analytics/track-conversion/${visitId}`,
    ])
    expect(h.backend.context.visits.get(visitId)?.conversions.map((conversion) => conversion.type)).toEqual(['signup'])
  })

  it('the next page load may track the same conversion again, on its own visit', async () => {
    const first = analyticsPage(await createWorld())
    first.analytics.start()
    expect(await first.analytics.trackConversion('paid')).toBe('tracked')
    const second = first.reload()
    second.analytics.start()
    expect(await second.analytics.trackConversion('paid')).toBe('tracked')
    const visitIds = [first, second].map((h) => h.analytics.store.getState().visitId!)
    expect(visitIds[0]).not.toBe(visitIds[1])
    for (const visitId of visitIds) {
      expect(first.backend.context.visits.get(visitId)?.conversions.map((conversion) => conversion.type)).toEqual([
        'paid',
      ])
    }
  })

  it('a conversion still goes out after the page was hidden (the visit id is known)', async () => {
    const h = analyticsPage(await createWorld())
    h.analytics.start()
    await h.until(() => h.analytics.store.getState().status === 'tracked')
    h.platform.setVisible(false)
    expect(await h.analytics.trackConversion('signup')).toBe('tracked')
  })

  it('a conversion waiting when the service is disposed resolves without sending', async () => {
    const h = analyticsPage(await createWorld(), { auth: { status: 'loading', user: null } })
    h.analytics.start()
    const pending = h.analytics.trackConversion('paid')
    h.analytics.dispose()
    expect(await pending).toBe('disposed')
    expect(await h.analytics.trackConversion('signup')).toBe('disposed')
    await h.settle()
    expect(h.requests).toEqual([])
  })
})

describe('visit analytics: fire-and-forget', () => {
  it('a failed visit reaches no user: no toast, no navigation, no retry; its conversions and end are dropped', async () => {
    const h = analyticsPage(await createWorld(), { auth: signedIn })
    h.backend.faults.add({ path: '/api/v2/analytics/*', kind: 'status', status: 500 })
    h.analytics.start()
    await h.until(() => h.analytics.store.getState().status === 'failed')
    expect(await h.analytics.trackConversion('signup')).toBe('failed')
    h.platform.hidePage()
    await h.clock.tickAsync(10 * 60_000)
    await h.settle()

    expect(h.requests).toEqual([
      { method: 'POST', path: '/api/v2/analytics/track-visit', contentType: 'application/json' },
    ])
    expect(h.platform.beacons).toEqual([])
    expect(h.notices).toEqual([])
    expect(h.navigations).toEqual([])
    expect(h.failures).toEqual([{ operation: 'trackVisit', error: 'Injected fault', status: 500 }])
    expect(h.analytics.store.getState()).toMatchObject({ status: 'failed', visitId: null, lastError: 'Injected fault' })
  })

  it('a network failure is a value too: the visit fails quietly with status 0', async () => {
    const h = analyticsPage(await createWorld())
    h.backend.faults.add({ path: '/api/v2/analytics/track-visit', kind: 'drop', count: 1 })
    h.analytics.start()
    await h.until(() => h.analytics.store.getState().status === 'failed')
    expect(h.failures).toEqual([{ operation: 'trackVisit', error: 'request failed: network error', status: 0 }])
    expect(h.notices).toEqual([])
  })

  it('an answer with an empty visit id is malformed: the visit fails, and neither its end nor a conversion goes out', async () => {
    const h = analyticsPage(await createWorld(), {
      wrapFetch: (fetch) => async (input, init) => {
        const response = await fetch(input, init)
        const path = new URL(new Request(input).url).pathname
        return path === '/api/v2/analytics/track-visit' ? Response.json({ sessionId: '' }) : response
      },
    })
    h.analytics.start()
    await h.until(() => h.analytics.store.getState().status === 'failed')
    expect(await h.analytics.trackConversion('signup')).toBe('failed')
    h.platform.hidePage()
    await h.settle()
    expect(h.failures).toEqual([{ operation: 'trackVisit', error: '응답 처리 중 오류가 발생했습니다.', status: 200 }])
    expect(h.analytics.store.getState()).toMatchObject({ visitId: null })
    expect(h.platform.storage.get('analytics_session_id')).toBeNull()
    expect(h.platform.beacons).toEqual([])
    expect(h.requests).toEqual([
      { method: 'POST', path: '/api/v2/analytics/track-visit', contentType: 'application/json' },
    ])
  })

  it('a failed conversion is reported once, not retried, and not sent again on a second call', async () => {
    const h = analyticsPage(await createWorld())
    h.analytics.start()
    await h.until(() => h.analytics.store.getState().status === 'tracked')
    h.backend.faults.add({ method: 'PUT', path: '/api/v2/analytics/track-conversion/*', kind: 'status', status: 503 })
    expect(await h.analytics.trackConversion('paid')).toBe('failed')
    expect(await h.analytics.trackConversion('paid')).toBe('duplicate')
    await h.clock.tickAsync(10 * 60_000)
    await h.settle()

    expect(conversionPuts(h.requests)).toHaveLength(1)
    expect(h.notices).toEqual([])
    expect(h.failures).toEqual([{ operation: 'trackConversion', error: 'Injected fault', status: 503 }])
    expect(h.analytics.store.getState()).toMatchObject({ status: 'tracked', conversions: [] })
  })

  it('a visit that never answers holds nothing up: the page can still hide and navigate', async () => {
    const h = analyticsPage(await createWorld())
    h.backend.faults.add({ path: '/api/v2/analytics/track-visit', kind: 'latency', latencyMs: 3_600_000, count: 1 })
    h.analytics.start()
    await h.clock.tickAsync(5_000)
    h.client.events.emit('navigate', { to: '/sign/in', replace: false, delayMs: 0 })
    expect(h.platform.navigations.map((navigation) => navigation.to)).toEqual(['/sign/in'])
    h.platform.hidePage()
    expect(h.analytics.store.getState()).toMatchObject({ status: 'tracking', ended: true })
  })
})
