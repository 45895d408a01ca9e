import { createWorld } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import { queriesOf } from './queries-test-device.ts'

describe('the reads’ handle before the cache’s chunk arrives', () => {
  it('an observer made before the cache shows loading, then reads once the cache arrives, sharing its read', async () => {
    const world = await createWorld()
    const device = world.device()
    const { client } = device
    const queries = queriesOf(device)
    const early = queries.observe('banners')
    const also = queries.observe('banners')
    let changes = 0
    const stops = [early.subscribe(() => changes++), also.subscribe(() => {})]
    expect(early.getSnapshot()).toMatchObject({ status: 'loading', data: null, isFetching: true })
    await queries.load()
    await world.idle()
    expect(early.getSnapshot()).toMatchObject({ status: 'ready', failure: null })
    expect(also.getSnapshot().data).toBe(early.getSnapshot().data)
    expect(changes).toBeGreaterThan(0)
    expect(world.requestsTo('GET', '/api/v2/banners')).toHaveLength(1)
    // Made after: the cache's own observer, with the answer at once.
    expect(queries.observe('banners').getSnapshot().status).toBe('ready')
    for (const stop of stops) stop()
    queries.dispose()
    client.dispose()
  })

  it('follows the input it was given last before the cache arrived', async () => {
    const world = await createWorld()
    const device = world.device()
    const { client } = device
    const queries = queriesOf(device)
    const courses = queries.observe('courses', { query: { limit: 2 } })
    const stop = courses.subscribe(() => {})
    courses.setInput({ query: { limit: 3 } })
    await queries.load()
    await world.idle()
    expect(courses.getSnapshot().data?.items).toHaveLength(3)
    expect(world.requestsTo('GET', '/api/v2/courses')).toHaveLength(1)
    stop()
    queries.dispose()
    client.dispose()
  })
})
