import type { Notice } from '@coursekit/core'
import { demoAccounts } from '@coursekit/mock-server'
import { createWorld, providerOf } from '@coursekit/testkit/react'
import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useNavigateEvents, useNotices } from './use-client-events.ts'

const { learner } = demoAccounts

describe('useNotices', () => {
  it('hands every toast to the latest handler, subscribed once however often it renders', async () => {
    const world = await createWorld({ deviceLimit: 1 })
    const laptop = world.device({ name: 'laptop' })
    await laptop.signIn(learner.email, learner.password)
    const phone = world.device({ name: 'phone' })
    const first: Notice[] = []
    const second: Notice[] = []
    const { rerender, unmount } = renderHook(
      (props: { into: Notice[] }) => useNotices((notice) => props.into.push(notice)),
      { wrapper: providerOf(phone.client), initialProps: { into: first } },
    )
    rerender({ into: second })
    rerender({ into: second })
    await phone.signIn(learner.email, learner.password)
    expect(first).toEqual([])
    expect(second).toEqual([{ kind: 'warning', message: '최대 기기 수에 도달했습니다.', topic: 'device-registration' }])
    unmount()
    await act(() => phone.client.devices!.limitDialog.remove())
    await world.idle()
    expect(phone.notices.at(-1)).toEqual({
      kind: 'success',
      message: '기기가 성공적으로 제거되었습니다',
      topic: 'device-registration',
    })
    expect(second).toHaveLength(1)
    laptop.client.dispose()
    phone.client.dispose()
  })
})

describe('useNavigateEvents', () => {
  it('hands page moves to a router after their delay on the client clock (logout: / after 100 ms)', async () => {
    const world = await createWorld()
    const device = world.device({ client: { navigation: 'manual' } })
    await device.signIn(learner.email, learner.password)
    const moves: { to: string; replace: boolean }[] = []
    renderHook(() => useNavigateEvents((to, options) => moves.push({ to, ...options })), {
      wrapper: providerOf(device.client),
    })
    await act(() => device.client.auth!.logout())
    expect(moves).toEqual([])
    await act(() => world.clock.tickAsync(99))
    expect(moves).toEqual([])
    await act(() => world.clock.tickAsync(1))
    expect(moves).toEqual([{ to: '/', replace: false }])
    expect(device.platform.navigations).toEqual([])
    device.client.dispose()
  })

  it('drops a delayed move when it unmounts first', async () => {
    const world = await createWorld()
    const device = world.device({ client: { navigation: 'manual' } })
    await device.signIn(learner.email, learner.password)
    const moves: string[] = []
    const { unmount } = renderHook(() => useNavigateEvents((to) => moves.push(to)), {
      wrapper: providerOf(device.client),
    })
    await act(() => device.client.auth!.logout())
    unmount()
    await act(() => world.clock.tickAsync(1_000))
    expect(moves).toEqual([])
    device.client.dispose()
  })
})
