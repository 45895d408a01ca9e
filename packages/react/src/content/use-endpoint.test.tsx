import { createWorld, providerOf, started } from '@coursekit/testkit/react'
import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useEndpoint } from './use-endpoint.ts'

describe('useEndpoint', () => {
  it('loads a public endpoint: loading, then ready with the parsed body', async () => {
    const world = await createWorld()
    const device = world.device()
    await started(device.client)
    const { result } = renderHook(() => useEndpoint('banners'), { wrapper: providerOf(device.client) })
    expect(result.current).toMatchObject({ status: 'loading', data: null, failure: null, offline: false })
    await world.idle()
    expect(result.current.status).toBe('ready')
    expect(result.current.data?.items.length).toBeGreaterThan(0)
    device.client.dispose()
  })

  it('reads an endpoint without input while the cache is still on its way (as a first paint does)', async () => {
    const world = await createWorld()
    const device = world.device()
    const { result } = renderHook(() => [useEndpoint('banners'), useEndpoint('courseCategories')] as const, {
      wrapper: providerOf(device.client),
    })
    expect(result.current.map((view) => view.status)).toEqual(['loading', 'loading'])
    await world.until(() => result.current.every((view) => view.status !== 'loading'))
    expect(result.current.map((view) => view.status)).toEqual(['ready', 'ready'])
    expect(result.current[0].data?.items.length).toBeGreaterThan(0)
    expect(world.requestsTo('GET', '/banners')).toHaveLength(1)
    device.client.dispose()
  })

  it('passes the input: a query changes what is read', async () => {
    const world = await createWorld()
    const device = world.device()
    await started(device.client)
    const { result, rerender } = renderHook(({ limit }) => useEndpoint('courses', { query: { limit } }), {
      wrapper: providerOf(device.client),
      initialProps: { limit: 2 },
    })
    await world.idle()
    expect(result.current.data?.items).toHaveLength(2)
    rerender({ limit: 3 })
    expect(result.current.status).toBe('loading')
    await world.idle()
    expect(result.current.data?.items).toHaveLength(3)
    device.client.dispose()
  })

  it('a lost answer is offline (status 0); retry asks again and recovers', async () => {
    const world = await createWorld()
    world.backend.faults.add({ path: '/api/v2/notices', kind: 'drop', count: 1 })
    const device = world.device()
    await started(device.client)
    const { result } = renderHook(() => useEndpoint('notices'), { wrapper: providerOf(device.client) })
    await world.idle()
    expect(result.current).toMatchObject({ status: 'failed', offline: true, data: null })
    expect(result.current.failure?.status).toBe(0)
    act(() => result.current.retry())
    expect(result.current.status).toBe('loading')
    await world.idle()
    expect(result.current).toMatchObject({ status: 'ready', offline: false, failure: null })
    device.client.dispose()
  })

  it('a 5xx is failed, not offline, and the client shows its error toast', async () => {
    const world = await createWorld()
    world.backend.faults.add({ path: '/api/v2/banners', kind: 'status', status: 503 })
    const device = world.device()
    await started(device.client)
    const { result } = renderHook(() => useEndpoint('banners'), { wrapper: providerOf(device.client) })
    await world.idle()
    expect(result.current).toMatchObject({ status: 'failed', offline: false })
    expect(result.current.failure?.status).toBe(503)
    expect(device.notices).toEqual([expect.objectContaining({ kind: 'error' })])
    device.client.dispose()
  })

  it('components showing the same read share one request; shown again within the stale time, it is there at once', async () => {
    const world = await createWorld()
    const device = world.device()
    await started(device.client)
    const wrapper = providerOf(device.client)
    const first = renderHook(
      () => [useEndpoint('mentors', { query: { limit: 100 } }), useEndpoint('mentors', { query: { limit: 100 } })],
      {
        wrapper,
      },
    )
    await world.idle()
    expect(first.result.current.map((view) => view.status)).toEqual(['ready', 'ready'])
    first.unmount()
    const again = renderHook(() => useEndpoint('mentors', { query: { limit: 100 } }), { wrapper })
    expect(again.result.current.status).toBe('ready')
    expect(again.result.current.data?.items.length).toBeGreaterThan(0)
    await world.idle()
    expect(world.requestsTo('GET', '/api/v2/mentors')).toHaveLength(1)
    device.client.dispose()
  })
})
