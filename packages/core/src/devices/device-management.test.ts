import { createWorld, type World } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import { createTestDevice, tracker, weekLongTokens } from './device-test-harness.ts'

async function signedIn(world: World, name: string) {
  const device = createTestDevice(world, name)
  await device.signIn()
  await world.idle()
  return device
}

describe('the device list', () => {
  it('ten callers within 60 s cause one request; the registration answer primes it', async () => {
    const world = await createWorld(weekLongTokens)
    const device = await signedIn(world, 'a')
    // Registration answered the list already: no GET at all.
    const first = await Promise.all(Array.from({ length: 5 }, () => device.service.listDevices()))
    expect(tracker(world, 'sessions')).toEqual([])
    expect(first[0]).toMatchObject({
      ok: true,
      devices: [{ id: device.service.store.getState().sessionId, isOldest: true }],
    })
    await world.advance(60_000)
    const later = await Promise.all(Array.from({ length: 10 }, () => device.service.listDevices()))
    await world.advance(59_999)
    await device.service.listDevices()
    expect(tracker(world, 'sessions')).toHaveLength(1)
    for (const result of later) expect(result).toMatchObject({ ok: true, devices: [expect.anything()] })
    await device.service.listDevices({ force: true })
    expect(tracker(world, 'sessions')).toHaveLength(2)
  })

  it('removing a device refreshes the list on the next read', async () => {
    const world = await createWorld(weekLongTokens)
    const laptop = await signedIn(world, 'laptop')
    const phone = await signedIn(world, 'phone')
    await phone.service.listDevices()
    await phone.service.removeDevice(laptop.service.store.getState().sessionId!)
    const after = await phone.service.listDevices()
    expect(after).toMatchObject({ ok: true, devices: [{ id: phone.service.store.getState().sessionId }] })
  })

  it('signed out: 세션 정보가 없습니다.', async () => {
    const world = await createWorld(weekLongTokens)
    const device = createTestDevice(world, 'a')
    expect(await device.service.listDevices()).toMatchObject({ ok: false, code: 'NO_SESSION' })
  })
})

describe('removing and forcing out devices', () => {
  it('remove: 기기가 성공적으로 제거되었습니다 / 기기를 삭제할 수 없습니다.', async () => {
    const world = await createWorld(weekLongTokens)
    const laptop = await signedIn(world, 'laptop')
    const phone = await signedIn(world, 'phone')
    expect(await phone.service.removeDevice(laptop.service.store.getState().sessionId!)).toEqual({ ok: true })
    expect(await phone.service.removeDevice('no-such-device')).toMatchObject({
      ok: false,
      error: '기기를 삭제할 수 없습니다.',
      status: 404,
    })
    expect(phone.notices).toEqual([
      { kind: 'success', message: '기기가 성공적으로 제거되었습니다', topic: 'device-removal' },
      { kind: 'error', message: '기기를 삭제할 수 없습니다.', topic: 'device-removal' },
    ])
    expect(phone.service.store.getState().lastError).toBe('기기를 삭제할 수 없습니다.')
  })

  it('force-logout with newSessionId hands the slot over in one step; failure: 기기를 강제 로그아웃 할 수 없습니다.', async () => {
    const world = await createWorld({ ...weekLongTokens, deviceLimit: 1 })
    const laptop = await signedIn(world, 'laptop')
    const phone = await signedIn(world, 'phone')
    expect(phone.service.store.getState().status).toBe('limit-reached')
    const laptopId = laptop.service.store.getState().sessionId!
    const phoneId = phone.service.store.getState().sessionId!
    expect(await phone.service.forceLogout(laptopId, { newSessionId: phoneId })).toEqual({ ok: true })
    expect(world.requests.at(-2)).toMatchObject({
      method: 'DELETE',
      path: `/api/v2/session-tracker/force-logout/${encodeURIComponent(laptopId)}`,
    })
    expect(world.backend.context.devices.list(laptop.apiAuth.userId!).map((d) => d.id)).toEqual([phoneId])
    expect(phone.service.store.getState()).toMatchObject({ status: 'registered', isLeader: true, limitDialog: null })
    expect(await phone.service.forceLogout(laptopId)).toMatchObject({
      ok: false,
      error: '기기를 강제 로그아웃 할 수 없습니다.',
    })
    expect(phone.notices.at(-1)).toEqual({
      kind: 'error',
      message: '기기를 강제 로그아웃 할 수 없습니다.',
      topic: 'device-removal',
    })
  })
})

describe('the server-state hint', () => {
  it('is trusted for 30 s, then asked for again with a heartbeat', async () => {
    const world = await createWorld(weekLongTokens)
    const device = await signedIn(world, 'a')
    const fromRegistration = await device.service.getServerState()
    expect(fromRegistration).toMatchObject({ activeSessions: 1, isWatchingVideo: false })
    await world.advance(29_999)
    await device.service.getServerState()
    expect(tracker(world, 'heartbeat')).toEqual([])
    await world.advance(1)
    const [a, b] = await Promise.all([device.service.getServerState(), device.service.getServerState()])
    expect(tracker(world, 'heartbeat')).toHaveLength(1)
    expect(a).toEqual(b)
    expect(a?.serverTime).toBe(new Date(world.clock.now()).toISOString())
  })
})
