import { createWorld } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import { createQueriesObserver } from './queries-observer.ts'
import { queriesOf } from './queries-test-device.ts'

const ALL = { query: { limit: 100 } }
const noticeReads = (id: string) =>
  [
    ['notice', { params: { id } }],
    ['notices', ALL],
  ] as const

describe('several reads watched as one', () => {
  it('one subscription: every read’s view in order, the same array until one changes; retryFailed reads only what failed', async () => {
    const world = await createWorld()
    const device = world.device()
    const { client } = device
    client.start()
    const queries = queriesOf(device)
    await queries.load()
    world.backend.faults.add({ path: '/api/v2/mentors', kind: 'status', status: 503, count: 1 })
    const catalogue = createQueriesObserver(queries, [
      ['courses', ALL],
      ['mentors', ALL],
    ] as const)
    let changes = 0
    const stop = catalogue.subscribe(() => changes++)
    expect(catalogue.getSnapshot().map((view) => view.status)).toEqual(['loading', 'loading'])
    await world.idle()
    const settled = catalogue.getSnapshot()
    expect(settled.map((view) => view.status)).toEqual(['ready', 'failed'])
    expect(catalogue.getSnapshot()).toBe(settled)
    expect(settled[0].data?.items.length).toBeGreaterThan(0)
    const seen = changes
    catalogue.retryFailed()
    expect(changes).toBeGreaterThan(seen)
    await world.idle()
    expect(catalogue.getSnapshot().map((view) => view.status)).toEqual(['ready', 'ready'])
    expect(catalogue.getSnapshot()[0]).toBe(settled[0])
    expect(world.requestsTo('GET', '/api/v2/courses')).toHaveLength(1)
    expect(world.requestsTo('GET', '/api/v2/mentors')).toHaveLength(2)
    stop()
    queries.dispose()
    client.dispose()
  })

  it('other inputs for the same endpoints move each read', async () => {
    const world = await createWorld()
    const device = world.device()
    const { client } = device
    const queries = queriesOf(device)
    await queries.load()
    const notice = createQueriesObserver(queries, noticeReads('301'))
    const stop = notice.subscribe(() => {})
    await world.idle()
    expect(notice.getSnapshot()[0].data?.id).toBe(301)
    notice.setInputs(noticeReads('312'))
    await world.idle()
    expect(notice.getSnapshot()[0].data?.id).toBe(312)
    expect(world.requestsTo('GET', '/api/v2/notices')).toHaveLength(1)
    stop()
    queries.dispose()
    client.dispose()
  })
})
