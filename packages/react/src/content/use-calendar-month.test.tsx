import { createWorld, providerOf, started } from '@coursekit/testkit/react'
import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useCalendarMonth } from './use-calendar-month.ts'

describe('useCalendarMonth', () => {
  it("shows the month of today on the client's clock, each event on its Seoul day", async () => {
    // 2026-11-25 12:00 in Seoul.
    const world = await createWorld({ clockStart: Date.parse('2026-11-25T03:00:00Z') })
    const device = world.device()
    await started(device.client)
    const { result } = renderHook(() => useCalendarMonth(null), { wrapper: providerOf(device.client) })
    expect(result.current).toMatchObject({ status: 'loading', key: '2026-11', today: '2026-11-25', eventCount: 0 })
    await world.idle()
    const view = result.current
    expect(view).toMatchObject({ status: 'ready', key: '2026-11', previous: '2026-10', next: '2026-12' })
    expect(view.isCurrentMonth).toBe(true)
    expect(view.days).toHaveLength(30)
    expect(view.days.filter((day) => day.isToday).map((day) => day.key)).toEqual(['2026-11-25'])
    // The deadline at 14:59:59 UTC is 23:59:59 in Seoul: still the 10th there.
    const tenth = view.days.find((day) => day.key === '2026-11-10')!
    expect(tenth.events).toEqual([
      expect.objectContaining({ title: '데이터 분석 과제 제출 마감', type: 'DEADLINE', courseId: '103' }),
    ])
    const withEvents = view.days.filter((day) => day.events.length > 0)
    expect(withEvents.every((day) => day.events.every((event) => event.startsAt <= event.endsAt))).toBe(true)
    expect(view.eventCount).toBe(withEvents.reduce((sum, day) => sum + day.events.length, 0))
    device.client.dispose()
  })

  it("the day is Seoul's: late on 30 November in UTC is already 1 December there", async () => {
    const world = await createWorld({ clockStart: Date.parse('2026-11-30T16:00:00Z') })
    const device = world.device()
    await started(device.client)
    const { result } = renderHook(() => useCalendarMonth(undefined), { wrapper: providerOf(device.client) })
    await world.idle()
    expect(result.current).toMatchObject({ key: '2026-12', today: '2026-12-01', isCurrentMonth: true })
    device.client.dispose()
  })

  it('shows the month asked for, without today in it; a malformed month falls back to today', async () => {
    const world = await createWorld({ clockStart: Date.parse('2026-11-25T03:00:00Z') })
    const device = world.device()
    await started(device.client)
    const { result, rerender } = renderHook(({ month }) => useCalendarMonth(month), {
      wrapper: providerOf(device.client),
      initialProps: { month: '2027-01' as string | null },
    })
    await world.idle()
    expect(result.current).toMatchObject({
      key: '2027-01',
      previous: '2026-12',
      next: '2027-02',
      isCurrentMonth: false,
    })
    expect(result.current.days).toHaveLength(31)
    expect(result.current.days.some((day) => day.isToday)).toBe(false)
    rerender({ month: '2027-13' })
    expect(result.current.key).toBe('2026-11')
    device.client.dispose()
  })

  it('a lost answer is offline with a retry that recovers', async () => {
    const world = await createWorld({ clockStart: Date.parse('2026-11-25T03:00:00Z') })
    world.backend.faults.add({ path: '/api/v2/calendar', kind: 'drop', count: 1 })
    const device = world.device()
    await started(device.client)
    const { result } = renderHook(() => useCalendarMonth(null), { wrapper: providerOf(device.client) })
    await world.idle()
    expect(result.current).toMatchObject({ status: 'failed', offline: true, eventCount: 0 })
    act(() => result.current.retry())
    await world.idle()
    expect(result.current.status).toBe('ready')
    expect(result.current.eventCount).toBeGreaterThan(0)
    device.client.dispose()
  })
})
