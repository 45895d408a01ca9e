import { createWorld } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import { DEVICE_LIST_CACHE_TTL_MS } from '../kernel/constants.ts'
import { SECOND } from '../kernel/time-units.ts'
import { createDeviceListObserver } from './device-list-observer.ts'
import { createTestDevice, learner, tracker, weekLongTokens } from './device-test-harness.ts'

describe('DeviceListObserver', () => {
  it('does nothing until subscribed; then reads the list when the session starts and again when it registers', async () => {
    const world = await createWorld(weekLongTokens)
    const phone = createTestDevice(world, 'phone')
    await phone.signIn()
    await world.idle()
    const laptop = createTestDevice(world, 'laptop')
    const observer = createDeviceListObserver({ devices: laptop.service, queries: laptop.queries })
    expect(observer.getSnapshot()).toMatchObject({ status: 'idle', devices: [] })
    observer.subscribe(() => {})
    await laptop.signIn()
    await world.idle()
    const ids = observer.getSnapshot().devices.map((item) => item.id)
    expect(ids).toEqual([phone.service.store.getState().sessionId, laptop.service.store.getState().sessionId])
    expect(observer.getSnapshot()).toMatchObject({
      status: 'success',
      error: null,
      isFetching: false,
      // The entry that is this device.
      sessionId: laptop.service.store.getState().sessionId,
    })
  })

  it('opened while the 60 s cache holds an older list: shows it at once, then the server’s (one more read)', async () => {
    const world = await createWorld(weekLongTokens)
    const laptop = createTestDevice(world, 'laptop')
    await laptop.signIn()
    await world.idle()
    // The phone signs in after the laptop's registration cached a list of one.
    const phone = createTestDevice(world, 'phone')
    await phone.signIn()
    await world.idle()
    const reads = tracker(world, 'sessions', 'laptop').length
    const observer = createDeviceListObserver({ devices: laptop.service, queries: laptop.queries })
    const shown: number[] = []
    observer.subscribe(() => {
      const { status, devices } = observer.getSnapshot()
      if (status === 'success') shown.push(devices.length)
    })
    await world.idle()
    expect(shown[0]).toBe(1)
    expect(shown.at(-1)).toBe(2)
    expect(tracker(world, 'sessions', 'laptop')).toHaveLength(reads + 1)
    // A second subscriber while the first stays shares the list: nothing more is read.
    observer.subscribe(() => {})
    await world.idle()
    expect(tracker(world, 'sessions', 'laptop')).toHaveLength(reads + 1)
  })

  it('remove reads the list again after a success; sign-out empties it', async () => {
    const world = await createWorld(weekLongTokens)
    const phone = createTestDevice(world, 'phone')
    await phone.signIn()
    const laptop = createTestDevice(world, 'laptop')
    await laptop.signIn()
    await world.idle()
    const observer = createDeviceListObserver({ devices: laptop.service, queries: laptop.queries })
    observer.subscribe(() => {})
    await world.idle()
    expect(observer.getSnapshot().devices).toHaveLength(2)

    const phoneId = phone.service.store.getState().sessionId
    expect(await observer.remove(phoneId!)).toEqual({ ok: true })
    expect(observer.getSnapshot().devices.map((item) => item.id)).toEqual([laptop.service.store.getState().sessionId])
    expect(world.backend.context.devices.list(learner.id)).toHaveLength(1)

    await laptop.signOut()
    await world.idle()
    expect(observer.getSnapshot()).toMatchObject({ status: 'idle', devices: [], fetchedAt: null, sessionId: null })
  })

  it('terminate-others reads the list again, so the other device no longer shows as watching', async () => {
    const world = await createWorld(weekLongTokens)
    const tv = createTestDevice(world, 'tv')
    await tv.signIn()
    await tv.service.startWatching('v1')
    const laptop = createTestDevice(world, 'laptop')
    await laptop.signIn()
    await world.idle()
    const observer = createDeviceListObserver({ devices: laptop.service, queries: laptop.queries })
    observer.subscribe(() => {})
    await world.idle()
    expect(observer.getSnapshot().devices.map((item) => item.device.isWatchingVideo)).toEqual([true, false])
    expect(await observer.terminateOthers('v1')).toEqual({ ok: true })
    expect(observer.getSnapshot().devices.map((item) => item.device.isWatchingVideo)).toEqual([false, false])
  })

  it('refresh reads past the 60 s cache', async () => {
    const world = await createWorld(weekLongTokens)
    const device = createTestDevice(world, 'a')
    await device.signIn()
    await world.idle()
    const observer = createDeviceListObserver({ devices: device.service, queries: device.queries })
    observer.subscribe(() => {})
    await world.idle()
    const before = tracker(world, 'sessions').length
    const result = await observer.refresh()
    expect(result).toMatchObject({ ok: true })
    expect(tracker(world, 'sessions')).toHaveLength(before + 1)
  })

  it('a read that got no answer is offline and keeps the list shown; a server error is not offline', async () => {
    const world = await createWorld(weekLongTokens)
    const device = createTestDevice(world, 'a')
    await device.signIn()
    await world.idle()
    const observer = createDeviceListObserver({ devices: device.service, queries: device.queries })
    observer.subscribe(() => {})
    await world.idle()
    const shown = observer.getSnapshot().devices
    world.backend.faults.add({ path: '/api/v2/session-tracker/sessions', kind: 'drop', count: 1 })
    expect(await observer.refresh()).toMatchObject({ ok: false, status: 0 })
    expect(observer.getSnapshot()).toMatchObject({ status: 'error', offline: true, devices: shown })
    world.backend.faults.add({ path: '/api/v2/session-tracker/sessions', kind: 'status', status: 503, count: 1 })
    expect(await observer.refresh()).toMatchObject({ ok: false, status: 503 })
    expect(observer.getSnapshot()).toMatchObject({ status: 'error', offline: false })
    await observer.refresh()
    expect(observer.getSnapshot()).toMatchObject({ status: 'success', offline: false, error: null })
  })

  it('is one of the content reads: read again when the page is shown after 60 s, shared with the device session, forgotten by the client when nobody shows it', async () => {
    const world = await createWorld(weekLongTokens)
    const device = createTestDevice(world, 'a')
    await device.signIn()
    await world.idle()
    const observer = createDeviceListObserver({ devices: device.service, queries: device.queries })
    const stop = observer.subscribe(() => {})
    await world.idle()
    const before = tracker(world, 'sessions').length
    // The page's list and the session's own reads are the same query: one answer for both.
    expect(await device.service.listDevices()).toMatchObject({ ok: true, fetchedAt: observer.getSnapshot().fetchedAt })
    device.platform.setVisible(false)
    device.platform.setVisible(true)
    await world.idle()
    expect(tracker(world, 'sessions')).toHaveLength(before)
    await world.advance(DEVICE_LIST_CACHE_TTL_MS, SECOND)
    device.platform.setVisible(false)
    device.platform.setVisible(true)
    await world.idle()
    expect(tracker(world, 'sessions')).toHaveLength(before + 1)
    // Nobody shows the list: the page coming back reads nothing.
    stop()
    expect(observer.getSnapshot().status).toBe('idle')
    await world.advance(DEVICE_LIST_CACHE_TTL_MS, SECOND)
    device.platform.setVisible(false)
    device.platform.setVisible(true)
    await world.idle()
    expect(tracker(world, 'sessions')).toHaveLength(before + 1)
  })

  it('a device-limit refusal primes the list an open page shows, without a read of its own', async () => {
    const world = await createWorld({ ...weekLongTokens, deviceLimit: 2 })
    const devices = ['phone', 'tablet'].map((name) => createTestDevice(world, name))
    for (const device of devices) await device.signIn()
    await world.idle()
    const third = createTestDevice(world, 'laptop')
    const observer = createDeviceListObserver({ devices: third.service, queries: third.queries })
    observer.subscribe(() => {})
    await third.signIn()
    await world.idle()
    expect(third.service.store.getState().status).toBe('limit-reached')
    expect(observer.getSnapshot().devices.map((item) => item.id)).toEqual(
      devices.map((device) => device.service.store.getState().sessionId),
    )
    // The session starting read the list once; the refusal's list replaced it without another read.
    expect(tracker(world, 'sessions', 'laptop')).toHaveLength(1)
    expect(observer.getSnapshot().fetchedAt).toBe(world.clock.now())
  })
})
