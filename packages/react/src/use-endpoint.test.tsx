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
})
