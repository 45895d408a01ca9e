import { DEMO_PASSWORD, demoAccounts } from '@coursekit/mock-server'
import { createWorld, type World } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import { QUERY_GC_MS, QUERY_STALE_MS } from '../kernel/constants.ts'
import { SECOND } from '../kernel/time-units.ts'
import { queriesOf } from './queries-test-device.ts'
import { queryKey } from './query-cache.ts'

const MENTORS = { query: { limit: 100 } }

/** A started device whose cache's chunk has arrived. */
async function started(world: World) {
  const device = world.device()
  device.client.start()
  const cache = await queriesOf(device).load()
  await world.idle()
  return { ...device, cache }
}

const reads = (world: World, path: string) => world.requestsTo('GET', path).length

describe('the content reads’ cache', () => {
  it('one read for every caller while it is on its way, and the same answer for all', async () => {
    const world = await createWorld()
    const { client, cache } = await started(world)
    const views = [1, 2, 3].map(() => cache.observe('mentors', MENTORS))
    const stops = views.map((view) => view.subscribe(() => {}))
    expect(views.map((view) => view.getSnapshot().status)).toEqual(['loading', 'loading', 'loading'])
    await world.idle()
    expect(reads(world, '/api/v2/mentors')).toBe(1)
    expect(views[0]!.getSnapshot()).toMatchObject({ status: 'ready', failure: null, isFetching: false })
    expect(views[1]!.getSnapshot().data).toBe(views[0]!.getSnapshot().data)
    for (const stop of stops) stop()
    cache.dispose()
    client.dispose()
  })

  it('keys by endpoint and input, whatever the order of the input’s fields', async () => {
    expect(queryKey('courses', { query: { limit: 2, offset: 0 } })).toBe(
      queryKey('courses', { query: { offset: 0, limit: 2 } }),
    )
    expect(queryKey('courses', { query: { limit: 2 } })).not.toBe(queryKey('courses', { query: { limit: 3 } }))
    expect(queryKey('courses')).not.toBe(queryKey('mentors'))
  })

  it('a fresh answer is shown without a read; one older than the stale time is read again when shown', async () => {
    const world = await createWorld()
    const { client, cache } = await started(world)
    const first = cache.observe('banners')
    const stop = first.subscribe(() => {})
    await world.idle()
    stop()
    // A page shown again within the stale time: the answer at once, nothing asked.
    await world.advance(QUERY_STALE_MS - SECOND, SECOND)
    const again = cache.observe('banners')
    expect(again.getSnapshot().status).toBe('ready')
    const stopAgain = again.subscribe(() => {})
    await world.idle()
    expect(reads(world, '/api/v2/banners')).toBe(1)
    stopAgain()
    // Past it: the last answer stays on screen while it is read again.
    await world.advance(SECOND, SECOND)
    const later = cache.observe('banners')
    const stopLater = later.subscribe(() => {})
    expect(later.getSnapshot()).toMatchObject({ status: 'ready', isFetching: true })
    await world.idle()
    expect(reads(world, '/api/v2/banners')).toBe(2)
    expect(later.getSnapshot()).toMatchObject({ status: 'ready', isFetching: false })
    stopLater()
    cache.dispose()
    client.dispose()
  })

  it('observed stale reads are read again when the page is shown again and when the network comes back', async () => {
    const world = await createWorld()
    const { client, platform, cache } = await started(world)
    const notices = cache.observe('notices')
    const stop = notices.subscribe(() => {})
    await world.idle()
    // Shown again while fresh: nothing to read.
    platform.setVisible(false)
    platform.setVisible(true)
    await world.idle()
    expect(reads(world, '/api/v2/notices')).toBe(1)
    await world.advance(QUERY_STALE_MS, SECOND)
    platform.setVisible(false)
    await world.idle()
    expect(reads(world, '/api/v2/notices')).toBe(1)
    platform.setVisible(true)
    await world.idle()
    expect(reads(world, '/api/v2/notices')).toBe(2)
    await world.advance(QUERY_STALE_MS, SECOND)
    platform.goOnline()
    await world.idle()
    expect(reads(world, '/api/v2/notices')).toBe(3)
    // A read nobody shows is not revalidated.
    stop()
    await world.advance(QUERY_STALE_MS, SECOND)
    platform.goOnline()
    await world.idle()
    expect(reads(world, '/api/v2/notices')).toBe(3)
    cache.dispose()
    client.dispose()
  })

  it('a failure is never cached: the next look reads again, and the last good answer stays meanwhile', async () => {
    const world = await createWorld()
    const { client, platform, cache } = await started(world)
    world.backend.faults.add({ path: '/api/v2/calendar', kind: 'drop', count: 1 })
    const calendar = cache.observe('calendar')
    const stop = calendar.subscribe(() => {})
    await world.idle()
    expect(calendar.getSnapshot()).toMatchObject({ status: 'failed', offline: true, data: null })
    stop()
    // Shown again at once, well within the stale time: the failure is read again.
    const stopAgain = calendar.subscribe(() => {})
    expect(calendar.getSnapshot()).toMatchObject({ status: 'loading', failure: null })
    await world.idle()
    expect(calendar.getSnapshot()).toMatchObject({ status: 'ready', offline: false, failure: null })
    const good = calendar.getSnapshot().data
    expect(good?.items.length).toBeGreaterThan(0)
    // A later failure keeps the good answer on screen, and the network's return reads again.
    world.backend.faults.add({ path: '/api/v2/calendar', kind: 'status', status: 503, count: 1 })
    await calendar.refetch()
    await world.idle()
    expect(calendar.getSnapshot()).toMatchObject({ status: 'failed', offline: false, data: good })
    platform.goOnline()
    await world.idle()
    expect(calendar.getSnapshot()).toMatchObject({ status: 'ready', failure: null })
    expect(reads(world, '/api/v2/calendar')).toBe(4)
    stopAgain()
    cache.dispose()
    client.dispose()
  })

  it('a command that changes a read invalidates it: shown, it is read again at once; else at its next look', async () => {
    const world = await createWorld()
    const { client, cache } = await started(world)
    const shown = cache.observe('courses', { query: { limit: 100 } })
    const stop = shown.subscribe(() => {})
    const hidden = cache.observe('courses', { query: { limit: 2 } })
    const stopHidden = hidden.subscribe(() => {})
    await world.idle()
    stopHidden()
    expect(reads(world, '/api/v2/courses')).toBe(2)
    cache.invalidate('courses')
    await world.idle()
    expect(reads(world, '/api/v2/courses')).toBe(3)
    expect(shown.getSnapshot()).toMatchObject({ status: 'ready', isFetching: false })
    hidden.subscribe(() => {})
    await world.idle()
    expect(reads(world, '/api/v2/courses')).toBe(4)
    stop()
    cache.dispose()
    client.dispose()
  })

  it('an answer to a read that began before the invalidation is not kept', async () => {
    const world = await createWorld()
    const { client, cache } = await started(world)
    const query = cache.query('menuSettings')
    const before = query.fetch()
    query.invalidate()
    expect(query.isStale()).toBe(true)
    await before
    await world.idle()
    // Nobody showed it, so nothing read it again: still stale, no answer kept.
    expect(query.getState()).toMatchObject({ status: 'pending', isFetching: false, isInvalidated: true })
    const after = await query.fetch()
    expect(after).toMatchObject({ status: 'success', isInvalidated: false })
    expect(reads(world, '/api/v2/menu-settings')).toBe(2)
    cache.dispose()
    client.dispose()
  })

  it('another input shows the last data while its own loads', async () => {
    const world = await createWorld()
    const { client, cache } = await started(world)
    const courses = cache.observe('courses', { query: { limit: 2 } })
    const stop = courses.subscribe(() => {})
    await world.idle()
    const two = courses.getSnapshot().data
    courses.setInput({ query: { limit: 3 } })
    expect(courses.getSnapshot()).toMatchObject({ status: 'loading', data: two })
    await world.idle()
    expect(courses.getSnapshot().data?.items).toHaveLength(3)
    // Back to the first input, still fresh: its answer at once.
    courses.setInput({ query: { limit: 2 } })
    expect(courses.getSnapshot()).toMatchObject({ status: 'ready', data: two })
    await world.idle()
    expect(reads(world, '/api/v2/courses')).toBe(2)
    stop()
    cache.dispose()
    client.dispose()
  })

  it('forgets a read nobody has shown for the gc time', async () => {
    const world = await createWorld()
    const { client, cache } = await started(world)
    const banners = cache.observe('banners')
    const stop = banners.subscribe(() => {})
    await world.idle()
    const query = cache.query('banners')
    stop()
    await world.advance(QUERY_GC_MS - SECOND, SECOND)
    expect(cache.query('banners')).toBe(query)
    await world.advance(SECOND, SECOND)
    expect(cache.query('banners')).not.toBe(query)
    expect(cache.query('banners').getState().status).toBe('pending')
    cache.dispose()
    client.dispose()
  })

  it('what a read that needs a login answered is forgotten when the person signed in changes', async () => {
    const world = await createWorld()
    const device = world.device()
    const { client } = device
    await device.signIn(demoAccounts.admin.email, DEMO_PASSWORD)
    const cache = await queriesOf(device).load()
    const sessions = cache.observe('adminSessions', { query: {} })
    const banners = cache.observe('banners')
    const stops = [sessions.subscribe(() => {}), banners.subscribe(() => {})]
    await world.idle()
    expect(sessions.getSnapshot()).toMatchObject({ status: 'ready' })
    expect(sessions.getSnapshot().data?.total).toBeGreaterThan(0)
    await client.auth!.logout()
    await world.idle()
    // The admin's list is not shown to whoever comes next: read again, and refused for nobody.
    expect(sessions.getSnapshot()).toMatchObject({ status: 'failed', data: null })
    expect(sessions.getSnapshot().failure?.status).toBe(401)
    // Public content is the same for everyone: kept, not read again.
    expect(banners.getSnapshot().status).toBe('ready')
    expect(reads(world, '/api/v2/banners')).toBe(1)
    for (const stop of stops) stop()
    cache.dispose()
    client.dispose()
  })
})
