import { createWorld, providerOf, started } from '@coursekit/testkit/react'
import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useNotice } from './use-notice.ts'

describe('useNotice', () => {
  it('one notice with its paragraphs and its neighbours on the board (pinned first)', async () => {
    const world = await createWorld()
    const device = world.device()
    await started(device.client)
    const { result, rerender } = renderHook(({ id }) => useNotice(id), {
      wrapper: providerOf(device.client),
      initialProps: { id: '301' },
    })
    expect(result.current).toMatchObject({ status: 'loading', notice: null })
    await world.idle()
    expect(result.current.status).toBe('ready')
    expect(result.current.notice).toMatchObject({ id: '301', title: '[필독] 동시 접속 기기 제한 안내', pinned: true })
    expect(result.current.notice?.paragraphs.length).toBeGreaterThan(0)
    // The pinned notice heads the board: nothing before it.
    expect(result.current.previous).toBeNull()
    const next = result.current.next
    expect(next).not.toBeNull()

    rerender({ id: next!.id })
    expect(result.current).toMatchObject({ status: 'loading', notice: null })
    await world.idle()
    expect(result.current.notice?.id).toBe(next!.id)
    expect(result.current.previous?.id).toBe('301')
    device.client.dispose()
  })

  it('an id the server does not know is not-found, without a toast', async () => {
    const world = await createWorld()
    const device = world.device()
    await started(device.client)
    const { result } = renderHook(() => useNotice('999999'), { wrapper: providerOf(device.client) })
    await world.idle()
    expect(result.current).toMatchObject({ status: 'not-found', notice: null, offline: false })
    expect(device.notices).toEqual([])
    device.client.dispose()
  })

  it('without the board the notice still shows, with no neighbours', async () => {
    const world = await createWorld()
    world.backend.faults.add({ path: '/api/v2/notices', kind: 'drop' })
    const device = world.device()
    await started(device.client)
    const { result } = renderHook(() => useNotice('302'), { wrapper: providerOf(device.client) })
    await world.idle()
    expect(result.current).toMatchObject({ status: 'ready', previous: null, next: null })
    expect(result.current.notice?.id).toBe('302')
    device.client.dispose()
  })

  it('a lost answer for the notice is offline', async () => {
    const world = await createWorld()
    world.backend.faults.add({ path: '/api/v2/notices/302', kind: 'drop', count: 1 })
    const device = world.device()
    await started(device.client)
    const { result } = renderHook(() => useNotice('302'), { wrapper: providerOf(device.client) })
    await world.idle()
    expect(result.current).toMatchObject({ status: 'failed', offline: true, notice: null })
    device.client.dispose()
  })
})
