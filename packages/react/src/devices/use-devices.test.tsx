import { MINUTE } from '@coursekit/core/clock'
import { demoAccounts } from '@coursekit/mock-server'
import { CHROME_WINDOWS, SAFARI_IPHONE } from '@coursekit/testkit'
import { createWorld, providerOf } from '@coursekit/testkit/react'
import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useDeviceSession } from './use-device-session.ts'
import { useDevices } from './use-devices.ts'

const { learner } = demoAccounts

describe('useDeviceSession', () => {
  it('follows the device session: registered after sign-in, a selector picks a slice', async () => {
    const world = await createWorld()
    const device = world.device()
    const { result } = renderHook(
      () => ({ whole: useDeviceSession(), status: useDeviceSession((state) => state.status) }),
      { wrapper: providerOf(device.client) },
    )
    expect(result.current.status).toBe('idle')
    await device.signIn(learner.email, learner.password)
    expect(result.current.status).toBe('registered')
    expect(result.current.whole).toMatchObject({
      isInitialized: true,
      sessionId: expect.stringMatching(new RegExp(`^${learner.id}_`)),
    })
    device.client.dispose()
  })

  it('is null without a device service (devices: false)', async () => {
    const world = await createWorld()
    const device = world.device({ client: { devices: false } })
    const { result } = renderHook(() => [useDeviceSession(), useDeviceSession((state) => state.status)], {
      wrapper: providerOf(device.client),
    })
    await device.signIn(learner.email, learner.password)
    expect(result.current).toEqual([null, null])
    device.client.dispose()
  })
})

describe('useDevices', () => {
  it('lists the devices recognisably (browser, OS, last seen in Korean), marks this one, and removes another', async () => {
    const world = await createWorld()
    const phone = world.device({ name: 'phone', userAgent: SAFARI_IPHONE })
    await phone.signIn(learner.email, learner.password)
    await world.advance(5 * MINUTE)
    const laptop = world.device({ name: 'laptop', userAgent: CHROME_WINDOWS })
    const { result } = renderHook(() => useDevices(), { wrapper: providerOf(laptop.client) })
    expect(result.current).toMatchObject({ available: true, status: 'idle', devices: [] })
    await laptop.signIn(learner.email, learner.password)

    expect(result.current.status).toBe('success')
    const phoneSession = phone.client.devices!.store.getState().sessionId
    const laptopSession = laptop.client.devices!.store.getState().sessionId
    expect(result.current.devices).toMatchObject([
      {
        id: phoneSession,
        name: 'Safari · iOS',
        deviceType: 'mobile',
        isOldest: true,
        isCurrent: false,
        lastSeen: '5분 전',
      },
      {
        id: laptopSession,
        name: 'Chrome · Windows',
        deviceType: 'desktop',
        isOldest: false,
        isCurrent: true,
        lastSeen: '지금',
      },
    ])

    await act(async () => {
      expect(await result.current.remove(phoneSession!)).toEqual({ ok: true })
    })
    await world.idle()
    expect(result.current.devices.map((item) => item.id)).toEqual([laptopSession])
    expect(world.backend.context.devices.list(learner.id).map((session) => session.id)).toEqual([laptopSession])
    expect(laptop.notices).toContainEqual({
      kind: 'success',
      message: '기기가 성공적으로 제거되었습니다',
      topic: 'device-removal',
    })
    phone.client.dispose()
    laptop.client.dispose()
  })

  it('last seen and when the list was read move on with the client’s clock, without reading the list again', async () => {
    const world = await createWorld()
    const laptop = world.device({ name: 'laptop' })
    const { result } = renderHook(() => useDevices(), { wrapper: providerOf(laptop.client) })
    expect(result.current.fetched).toBeNull()
    await laptop.signIn(learner.email, learner.password)
    await world.idle()
    expect(result.current.fetched).toBe('지금')
    expect(result.current.devices.map((item) => item.lastSeen)).toEqual(['지금'])
    const reads = world.requestsTo('GET', '/session-tracker/sessions').length

    await world.advance(2 * MINUTE, 10_000)
    expect(result.current.fetched).toBe('2분 전')
    expect(result.current.devices.map((item) => item.lastSeen)).toEqual(['2분 전'])
    expect(world.requestsTo('GET', '/session-tracker/sessions')).toHaveLength(reads)
    laptop.client.dispose()
  })

  it('a list read between two ticks of the relative times was read 지금, never in the future', async () => {
    const world = await createWorld()
    const laptop = world.device({ name: 'laptop' })
    const { result } = renderHook(() => useDevices(), { wrapper: providerOf(laptop.client) })
    await laptop.signIn(learner.email, learner.password)
    await world.idle()
    await world.advance(5_000, 5_000)
    await act(async () => {
      await result.current.refresh()
    })
    expect(result.current.fetched).toBe('지금')
    laptop.client.dispose()
  })

  it('force-logout signs a device out; refresh reads past the cache; a failure is a value with the spec message', async () => {
    const world = await createWorld()
    const tablet = world.device({ name: 'tablet' })
    await tablet.signIn(learner.email, learner.password)
    const laptop = world.device({ name: 'laptop' })
    await laptop.signIn(learner.email, learner.password)
    const { result } = renderHook(() => useDevices(), { wrapper: providerOf(laptop.client) })
    await world.idle()
    expect(result.current.devices).toHaveLength(2)
    const reads = () => world.requestsTo('GET', '/session-tracker/sessions').length
    const before = reads()
    await act(async () => {
      await result.current.refresh()
    })
    expect(reads()).toBe(before + 1)

    const tabletSession = tablet.client.devices!.store.getState().sessionId!
    await act(async () => {
      expect(await result.current.forceLogout(tabletSession)).toEqual({ ok: true })
    })
    expect(result.current.devices.map((item) => item.isCurrent)).toEqual([true])
    await act(async () => {
      expect(await result.current.forceLogout(tabletSession)).toMatchObject({
        ok: false,
        error: '기기를 강제 로그아웃 할 수 없습니다.',
        status: 404,
      })
    })
    tablet.client.dispose()
    laptop.client.dispose()
  })

  it('terminate-others ends the other device’s watch', async () => {
    const world = await createWorld()
    const tv = world.device({ name: 'tv' })
    await tv.signIn(learner.email, learner.password)
    await act(() => tv.client.devices!.startWatching('lesson-1'))
    const laptop = world.device({ name: 'laptop' })
    await laptop.signIn(learner.email, learner.password)
    const { result } = renderHook(() => useDevices(), { wrapper: providerOf(laptop.client) })
    await world.idle()
    expect(result.current.devices.find((item) => !item.isCurrent)?.isWatchingVideo).toBe(true)
    await act(async () => {
      expect(await result.current.terminateOthers('lesson-1')).toEqual({ ok: true })
    })
    expect(world.backend.context.devices.list(learner.id).every((session) => !session.isWatchingVideo)).toBe(true)
    expect(laptop.notices).toContainEqual({ kind: 'success', message: '다른 기기 시청이 종료되었습니다.' })
    tv.client.dispose()
    laptop.client.dispose()
  })

  it('empties the list at sign-out; without a device service it says so and its commands fail as values', async () => {
    const world = await createWorld()
    const device = world.device()
    await device.signIn(learner.email, learner.password)
    const { result } = renderHook(() => useDevices(), { wrapper: providerOf(device.client) })
    await world.idle()
    expect(result.current.devices).toHaveLength(1)
    await act(() => device.client.auth!.logout())
    await world.idle()
    expect(result.current).toMatchObject({ status: 'idle', devices: [] })
    device.client.dispose()

    const bare = world.device({ client: { devices: false } })
    const view = renderHook(() => useDevices(), { wrapper: providerOf(bare.client) })
    expect(view.result.current.available).toBe(false)
    expect(await view.result.current.remove('x')).toMatchObject({ ok: false, error: '세션 정보가 없습니다.' })
    bare.client.dispose()
  })
})
