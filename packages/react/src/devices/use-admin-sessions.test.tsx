import { MINUTE } from '@coursekit/core/clock'
import { demoAccounts } from '@coursekit/mock-server'
import { CHROME_WINDOWS, SAFARI_IPHONE } from '@coursekit/testkit'
import { createWorld, providerOf } from '@coursekit/testkit/react'
import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useAdminSessions } from './use-admin-sessions.ts'

const { learner, admin } = demoAccounts

describe('useAdminSessions', () => {
  it('shows every live device as an operator reads it, and signs one out; that device is told within one heartbeat interval', async () => {
    const world = await createWorld()
    const phone = world.device({ name: 'phone', userAgent: SAFARI_IPHONE })
    await phone.signIn(learner.email, learner.password)
    await act(() => phone.client.devices!.startWatching('video-101-1'))
    await world.advance(5 * MINUTE)
    const desk = world.device({ name: 'desk', userAgent: CHROME_WINDOWS })
    await desk.signIn(admin.email, admin.password)
    await desk.client.queries.load()

    const { result } = renderHook(() => useAdminSessions(), { wrapper: providerOf(desk.client), reactStrictMode: true })
    await world.idle()
    expect(result.current).toMatchObject({ status: 'success', total: 2, error: null })
    const phoneId = phone.client.devices!.store.getState().sessionId!
    expect(result.current.sessions.find((row) => row.sessionId === phoneId)).toMatchObject({
      userLabel: '하늘',
      user: { email: learner.email },
      deviceName: 'Safari · iOS',
      deviceType: 'mobile',
      isWatchingVideo: true,
      lesson: { lessonTitle: '오리엔테이션: 이 강의에서 만들 것', courseTitle: '실무 React 완벽 가이드' },
      watchingFor: '5분 전',
      signedIn: '5분 전',
    })

    await act(() => result.current.signOut(phoneId))
    expect(desk.notices).toContainEqual({ kind: 'success', message: '기기를 로그아웃했습니다.' })
    await world.idle()
    expect(result.current.sessions.map((row) => row.sessionId)).not.toContain(phoneId)

    const evicted: unknown[] = []
    phone.client.devices!.events.on('evicted', (event) => evicted.push(event))
    await world.advance(1 * MINUTE)
    expect(evicted).toEqual([
      {
        sessionId: phoneId,
        reason: 'admin',
        message: '관리자가 이 기기를 로그아웃했습니다. 다시 로그인해주세요.',
        byThisDevice: false,
      },
    ])
    phone.client.dispose()
    desk.client.dispose()
  })

  it('filters by a search and by watching now', async () => {
    const world = await createWorld()
    const phone = world.device({ name: 'phone' })
    await phone.signIn(learner.email, learner.password)
    const desk = world.device({ name: 'desk' })
    await desk.signIn(admin.email, admin.password)
    const { result } = renderHook(() => useAdminSessions(), { wrapper: providerOf(desk.client) })
    await world.idle()
    await act(() => result.current.setFilter({ query: 'learner@' }))
    expect(result.current.sessions.map((row) => row.user.id)).toEqual([learner.id])
    await act(() => result.current.setFilter({ query: '', watchingOnly: true }))
    expect(result.current).toMatchObject({ total: 0, filter: { query: '', watchingOnly: true } })
    phone.client.dispose()
    desk.client.dispose()
  })

  it('someone who is not an admin sees forbidden, and no toast', async () => {
    const world = await createWorld()
    const device = world.device()
    await device.signIn(learner.email, learner.password)
    const { result } = renderHook(() => useAdminSessions(), { wrapper: providerOf(device.client) })
    await world.idle()
    expect(result.current).toMatchObject({ status: 'forbidden', error: '관리자 권한이 필요합니다.', sessions: [] })
    expect(device.notices).toEqual([])
    device.client.dispose()
  })
})
