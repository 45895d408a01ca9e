import { createWorld } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import { createDeviceListObserver } from './device-list-observer.ts'
import { createTestDevice, learner, tracker, weekLongTokens } from './device-test-harness.ts'

describe('DeviceListObserver', () => {
  it('does nothing until subscribed; then reads the list when the session starts and again when it registers', async () => {
    const world = await createWorld(weekLongTokens)
    const phone = createTestDevice(world, 'phone')
    await phone.signIn()
    await world.idle()
    const laptop = createTestDevice(world, 'laptop')
    const observer = createDeviceListObserver(laptop.service)
    expect(observer.getSnapshot()).toMatchObject({ status: 'idle', devices: [] })
    observer.subscribe(() => {})
    await laptop.signIn()
    await world.idle()
    const ids = observer.getSnapshot().devices.map((item) => item.id)
    expect(ids).toEqual([phone.service.store.getState().sessionId, laptop.service.store.getState().sessionId])
    expect(observer.getSnapshot()).toMatchObject({ status: 'success', error: null, isFetching: false })
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
    const observer = createDeviceListObserver(laptop.service)
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
    const observer = createDeviceListObserver(laptop.service)
    observer.subscribe(() => {})
    await world.idle()
    expect(observer.getSnapshot().devices).toHaveLength(2)

    const phoneId = phone.service.store.getState().sessionId
    expect(await observer.remove(phoneId!)).toEqual({ ok: true })
    expect(observer.getSnapshot().devices.map((item) => item.id)).toEqual([laptop.service.store.getState().sessionId])
    expect(world.backend.context.devices.list(learner.id)).toHaveLength(1)

    await laptop.signOut()
    await world.idle()
    expect(observer.getSnapshot()).toMatchObject({ status: 'idle', devices: [], fetchedAt: null })
  })

  it('terminate-others reads the list again, so the other device no longer shows as watching', async () => {
    const world = await createWorld(weekLongTokens)
    const tv = createTestDevice(world, 'tv')
    await tv.signIn()
    await tv.service.startWatching('v1')
    const laptop = createTestDevice(world, 'laptop')
    await laptop.signIn()
    await world.idle()
    const observer = createDeviceListObserver(laptop.service)
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
    const observer = createDeviceListObserver(device.service)
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
    const observer = createDeviceListObserver(device.service)
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
})
