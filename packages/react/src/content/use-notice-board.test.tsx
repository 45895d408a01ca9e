import { createWorld, providerOf, started } from '@coursekit/testkit/react'
import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useNoticeBoard } from './use-notice-board.ts'

describe('useNoticeBoard', () => {
  it('a page of the board as the server pages it, pinned notices first', async () => {
    const world = await createWorld()
    const device = world.device()
    await started(device.client)
    const { result, rerender } = renderHook(({ page }) => useNoticeBoard(page, 2), {
      wrapper: providerOf(device.client),
      initialProps: { page: 1 },
    })
    await world.idle()
    const first = result.current
    expect(first.status).toBe('ready')
    expect(first.notices).toHaveLength(2)
    expect(first.notices[0]).toMatchObject({
      title: '[필독] 동시 접속 기기 제한 안내',
      pinned: true,
      category: '서비스',
    })
    expect(first.notices[0]?.postedAt).toBe(Date.parse('2026-09-01T01:00:00.000Z'))
    expect(first.pageCount).toBe(Math.ceil(first.total / 2))
    expect(world.requestsTo('GET', '/api/v2/notices')).toHaveLength(1)

    rerender({ page: 2 })
    expect(result.current.status).toBe('loading')
    await world.idle()
    expect(result.current).toMatchObject({ status: 'ready', page: 2 })
    const firstIds = first.notices.map((notice) => notice.id)
    expect(result.current.notices.every((notice) => !firstIds.includes(notice.id))).toBe(true)
    device.client.dispose()
  })

  it('anything but a page number is the first page', async () => {
    const world = await createWorld()
    const device = world.device()
    await started(device.client)
    const { result } = renderHook(() => useNoticeBoard(Number.NaN), { wrapper: providerOf(device.client) })
    await world.idle()
    expect(result.current).toMatchObject({ status: 'ready', page: 1, total: 12, pageCount: 2 })
    expect(result.current.notices).toHaveLength(10)
    device.client.dispose()
  })

  it('a 5xx fails with the client toast', async () => {
    const world = await createWorld()
    world.backend.faults.add({ path: '/api/v2/notices', kind: 'status', status: 500 })
    const device = world.device()
    await started(device.client)
    const { result } = renderHook(() => useNoticeBoard(1), { wrapper: providerOf(device.client) })
    await world.idle()
    expect(result.current).toMatchObject({ status: 'failed', offline: false, notices: [] })
    expect(device.notices).toEqual([expect.objectContaining({ kind: 'error' })])
    device.client.dispose()
  })
})
