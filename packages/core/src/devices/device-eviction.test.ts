import { createWorld, type World } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import {
  createBrowserShare,
  createTestDevice,
  learner,
  MINUTE,
  type TestDevice,
  tracker,
  weekLongTokens,
} from './device-test-harness.ts'

async function signedIn(world: World, name: string, browser = createBrowserShare()): Promise<TestDevice> {
  const device = createTestDevice(world, name, { browser })
  await device.signIn()
  await world.idle()
  return device
}

const evictions = (device: TestDevice) =>
  device.seen.filter(([type]) => type === 'evicted').map(([, payload]) => payload)

describe('eviction: the server signed this device out', () => {
  it('an idle device removed from another device learns it within one heartbeat interval', async () => {
    const world = await createWorld(weekLongTokens)
    const laptop = await signedIn(world, 'laptop')
    const phone = await signedIn(world, 'phone')
    const laptopId = laptop.service.store.getState().sessionId!
    expect(await phone.service.removeDevice(laptopId)).toEqual({ ok: true })
    const removedAt = world.clock.now()
    await world.advance(20 * MINUTE, MINUTE)
    expect(evictions(laptop)).toEqual([
      {
        sessionId: laptopId,
        reason: 'removed',
        message: '다른 기기에서 이 기기를 제거했습니다. 다시 로그인해주세요.',
        byThisDevice: false,
      },
    ])
    const [beat] = tracker(world, 'heartbeat', 'laptop')
    expect(beat!.at - removedAt).toBeLessThanOrEqual(20 * MINUTE)
    expect(laptop.service.store.getState()).toMatchObject({
      status: 'evicted',
      isInitialized: false,
      isLeader: false,
      lastError: '다른 기기에서 이 기기를 제거했습니다. 다시 로그인해주세요.',
    })
    // Its session ended: no more heartbeats, and it does not quietly take a slot again.
    await world.advance(2 * 60 * MINUTE, 20 * MINUTE)
    expect(tracker(world, 'heartbeat', 'laptop')).toHaveLength(1)
    expect(tracker(world, '', 'laptop')).toHaveLength(1)
    // Not a token problem: nobody was sent to sign in, and no toast.
    expect(laptop.navigations).toEqual([])
    expect(laptop.notices).toEqual([])
  })

  it('a watching device forced out learns it within one minute, and playback state ends', async () => {
    const world = await createWorld(weekLongTokens)
    const laptop = await signedIn(world, 'laptop')
    const phone = await signedIn(world, 'phone')
    await laptop.service.startWatching('v1')
    expect(await phone.service.forceLogout(laptop.service.store.getState().sessionId!)).toEqual({ ok: true })
    await world.advance(1 * MINUTE)
    expect(evictions(laptop)).toMatchObject([{ reason: 'forced' }])
    expect(laptop.service.isWatching()).toBe(false)
  })

  it('a device asleep past the lease learns it expired when it wakes', async () => {
    const world = await createWorld(weekLongTokens)
    const laptop = await signedIn(world, 'laptop')
    laptop.platform.setVisible(false)
    world.clock.setTime(world.clock.now() + 3 * 60 * MINUTE)
    laptop.platform.setVisible(true)
    await world.idle()
    expect(evictions(laptop)).toMatchObject([
      { reason: 'expired', message: '오랫동안 활동이 없어 이 기기의 세션이 만료되었습니다.' },
    ])
  })

  it.each([
    ['removed', '다른 기기에서 이 기기를 제거했습니다. 다시 로그인해주세요.'],
    ['forced', '다른 기기에서 이 기기를 강제 로그아웃했습니다.'],
  ] as const)(
    'a closed device %s elsewhere is told so when it opens again, not offered a new slot',
    async (reason, message) => {
      const world = await createWorld({ ...weekLongTokens, deviceLimit: 2 })
      const browser = createBrowserShare()
      const laptop = await signedIn(world, 'laptop', browser)
      const laptopId = laptop.service.store.getState().sessionId!
      laptop.platform.hidePage()
      laptop.dispose()
      const phone = await signedIn(world, 'phone')
      const result =
        reason === 'removed' ? await phone.service.removeDevice(laptopId) : await phone.service.forceLogout(laptopId)
      expect(result).toEqual({ ok: true })
      // A third device takes the slot, so the laptop's return would otherwise meet the device limit.
      await signedIn(world, 'tablet')

      const reopened = createTestDevice(world, 'reopened', { browser })
      await reopened.signIn()
      await world.idle()
      expect(evictions(reopened)).toEqual([{ sessionId: laptopId, reason, message, byThisDevice: false }])
      expect(reopened.service.store.getState()).toMatchObject({ status: 'evicted', limitDialog: null })
      expect(reopened.seen.map(([type]) => type)).not.toContain('deviceLimitReached')
      expect(reopened.notices).toEqual([])
      expect(world.backend.context.devices.list(learner.id)).toHaveLength(2)
    },
  )

  it('a watch on a revoked device evicts too', async () => {
    const world = await createWorld(weekLongTokens)
    const laptop = await signedIn(world, 'laptop')
    const phone = await signedIn(world, 'phone')
    await phone.service.removeDevice(laptop.service.store.getState().sessionId!)
    const result = await laptop.service.startWatching('v1')
    expect(result).toMatchObject({ ok: false, status: 401, code: 'SESSION_REVOKED' })
    expect(evictions(laptop)).toMatchObject([{ reason: 'removed' }])
  })

  it('an ordinary token 401 on a heartbeat is not an eviction', async () => {
    const world = await createWorld(weekLongTokens)
    const laptop = await signedIn(world, 'laptop')
    laptop.apiAuth.token = 'not.a.valid-token'
    await world.advance(20 * MINUTE)
    expect(tracker(world, 'heartbeat')).toHaveLength(1)
    expect(evictions(laptop)).toEqual([])
    expect(laptop.service.store.getState().status).toBe('registered')
  })

  it.each([403, 409, 500])('SESSION_REVOKED on a %i is an ordinary failure, not an eviction', async (status) => {
    const world = await createWorld(weekLongTokens)
    let rewrite = false
    const laptop = createTestDevice(world, 'laptop', {
      // A proxy in front of the backend answering the heartbeat with the code on another status.
      wrapFetch: (fetch) => async (input, init) => {
        const response = await fetch(input, init)
        if (!rewrite || !new URL(new Request(input).url).pathname.endsWith('/heartbeat')) return response
        const body = { error: 'revoked', message: 'revoked', code: 'SESSION_REVOKED', reason: 'removed' }
        return Response.json(body, { status })
      },
    })
    await laptop.signIn()
    await world.idle()
    rewrite = true
    await world.advance(20 * MINUTE)
    expect(tracker(world, 'heartbeat', 'laptop')).toHaveLength(1)
    expect(evictions(laptop)).toEqual([])
    expect(laptop.service.store.getState()).toMatchObject({ status: 'registered', isInitialized: true })
  })

  it('every tab of the evicted device learns it, though only the leader beats', async () => {
    const world = await createWorld(weekLongTokens)
    const browser = createBrowserShare()
    const tabs = [await signedIn(world, 'tab1', browser), await signedIn(world, 'tab2', browser)]
    const phone = await signedIn(world, 'phone')
    await phone.service.removeDevice(tabs[0]!.service.store.getState().sessionId!)
    await world.advance(20 * MINUTE)
    for (const tab of tabs) {
      expect(evictions(tab)).toMatchObject([{ reason: 'removed' }])
      expect(tab.service.store.getState().status).toBe('evicted')
    }
  })

  it('removing this very device from its own list ends its session here', async () => {
    const world = await createWorld(weekLongTokens)
    const laptop = await signedIn(world, 'laptop')
    const own = laptop.service.store.getState().sessionId!
    expect(await laptop.service.removeDevice(own)).toEqual({ ok: true })
    expect(laptop.service.store.getState()).toMatchObject({ status: 'evicted', isInitialized: false })
    expect(evictions(laptop)).toEqual([
      { sessionId: own, reason: 'removed', message: '기기가 성공적으로 제거되었습니다', byThisDevice: true },
    ])
    expect(world.backend.context.devices.list(learner.id)).toEqual([])
  })
})

describe('tabs of one browser', () => {
  it('logout in one tab ends the device once; the other tabs do not send end again', async () => {
    const world = await createWorld(weekLongTokens)
    const browser = createBrowserShare()
    const tabs = [await signedIn(world, 'tab1', browser), await signedIn(world, 'tab2', browser)]
    await tabs[0]!.signOut()
    await world.idle()
    expect(tabs[1]!.service.store.getState()).toMatchObject({ isInitialized: false, isLeader: false })
    // The second tab's auth catches up later.
    await tabs[1]!.signOut()
    await world.idle()
    expect(tracker(world, 'end')).toHaveLength(1)
    await world.advance(60 * MINUTE, 20 * MINUTE)
    expect(tracker(world, 'heartbeat')).toEqual([])
  })

  it('a tab opened later hears which tabs are watching, so stopping there does not end their watch', async () => {
    const world = await createWorld(weekLongTokens)
    const browser = createBrowserShare()
    const first = await signedIn(world, 'tab1', browser)
    await first.service.startWatching('v1')
    const second = await signedIn(world, 'tab2', browser)
    await second.service.startWatching('v2')
    await second.service.stopWatching()
    // The device still watches in the first tab: no end-watch went out.
    expect(tracker(world, 'end-watch')).toEqual([])
    expect(world.backend.context.devices.list(learner.id)[0]).toMatchObject({ isWatchingVideo: true })
    // The last tab to stop ends the device's watch.
    await first.service.stopWatching()
    expect(tracker(world, 'end-watch')).toHaveLength(1)
  })

  it('a tab closing while it watches lets the leader fall back to the idle rhythm', async () => {
    const world = await createWorld(weekLongTokens)
    const browser = createBrowserShare()
    const leader = await signedIn(world, 'tab1', browser)
    const player = await signedIn(world, 'tab2', browser)
    expect(leader.service.store.getState().isLeader).toBe(true)
    await player.service.startWatching('v1')
    await world.advance(5 * MINUTE, MINUTE)
    expect(tracker(world, 'heartbeat', 'tab1')).toHaveLength(5)
    player.platform.hidePage()
    player.dispose()
    await world.advance(60 * MINUTE, MINUTE)
    expect(tracker(world, 'heartbeat', 'tab1')).toHaveLength(5 + 3)
  })
})
