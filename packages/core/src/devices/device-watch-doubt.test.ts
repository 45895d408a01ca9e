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

const serverDevice = (world: World, device: TestDevice) =>
  world.backend.context.devices.list(learner.id).find((d) => d.id === device.service.store.getState().sessionId)

const WATCH = '/api/v2/session-tracker/watch'
const END_WATCH = '/api/v2/session-tracker/end-watch'

describe('a watch whose answer was lost', () => {
  it('is ended at once: the server holds no watch nobody plays, and the other device can watch', async () => {
    const world = await createWorld(weekLongTokens)
    const phone = await signedIn(world, 'phone')
    const laptop = await signedIn(world, 'laptop')
    world.backend.faults.add({ path: WATCH, kind: 'drop', count: 1 })
    expect(await phone.service.startWatching('v1')).toMatchObject({ ok: false, status: 0 })
    expect(phone.service.isWatching()).toBe(false)
    expect(tracker(world, 'end-watch', 'phone')).toHaveLength(1)
    expect(serverDevice(world, phone)).toMatchObject({ isWatchingVideo: false, videoId: null })
    await world.advance(1 * MINUTE)
    expect(await laptop.service.startWatching('v2')).toMatchObject({ ok: true })
    expect(laptop.seen.filter(([type]) => type === 'videoConflict')).toEqual([])
  })

  it('when that end-watch fails too, the next heartbeat (within a minute) shows the watch and ends it', async () => {
    const world = await createWorld(weekLongTokens)
    const phone = await signedIn(world, 'phone')
    const laptop = await signedIn(world, 'laptop')
    world.backend.faults.add({ path: WATCH, kind: 'drop', count: 1 })
    world.backend.faults.add({ path: END_WATCH, kind: 'status', status: 503, count: 1 })
    expect(await phone.service.startWatching('v1')).toMatchObject({ ok: false, status: 0 })
    expect(serverDevice(world, phone)).toMatchObject({ isWatchingVideo: true })
    await world.advance(1 * MINUTE)
    expect(tracker(world, 'heartbeat', 'phone')).toHaveLength(1)
    expect(tracker(world, 'end-watch', 'phone')).toHaveLength(2)
    expect(serverDevice(world, phone)).toMatchObject({ isWatchingVideo: false })
    expect(await laptop.service.startWatching('v2')).toMatchObject({ ok: true })
    // Settled: the phone is back to the idle rhythm, and sends no more end-watch.
    await world.advance(19 * MINUTE, MINUTE)
    expect(tracker(world, 'heartbeat', 'phone')).toHaveLength(1)
    expect(tracker(world, 'end-watch', 'phone')).toHaveLength(2)
    expect(phone.notices).toEqual([])
  })

  it('is settled by a retry that succeeds: the watch stands, nothing is ended', async () => {
    const world = await createWorld(weekLongTokens)
    const phone = await signedIn(world, 'phone')
    world.backend.faults.add({ path: WATCH, kind: 'drop', count: 1 })
    world.backend.faults.add({ path: END_WATCH, kind: 'status', status: 503, count: 1 })
    await phone.service.startWatching('v1')
    expect(await phone.service.startWatching('v1')).toEqual({ ok: true, videoId: 'v1' })
    await world.advance(3 * MINUTE, MINUTE)
    expect(tracker(world, 'end-watch', 'phone')).toHaveLength(1)
    expect(serverDevice(world, phone)).toMatchObject({ isWatchingVideo: true, videoId: 'v1' })
  })

  it('does not end the watch another tab of the device plays', async () => {
    const world = await createWorld(weekLongTokens)
    const browser = createBrowserShare()
    const player = await signedIn(world, 'tab1', browser)
    const other = await signedIn(world, 'tab2', browser)
    await player.service.startWatching('v1')
    world.backend.faults.add({ path: WATCH, kind: 'drop', count: 1 })
    expect(await other.service.startWatching('v1')).toMatchObject({ ok: false, status: 0 })
    await world.advance(3 * MINUTE, MINUTE)
    expect(tracker(world, 'end-watch')).toEqual([])
    expect(serverDevice(world, player)).toMatchObject({ isWatchingVideo: true, videoId: 'v1' })
  })

  it('a batched stop that failed twice (it is retried once) is settled by the next heartbeat', async () => {
    const world = await createWorld(weekLongTokens)
    const phone = await signedIn(world, 'phone')
    phone.service.update({ videoId: 'v1' })
    await world.advance(5000)
    expect(serverDevice(world, phone)).toMatchObject({ isWatchingVideo: true })
    world.backend.faults.add({ path: '/api/v2/session-tracker/batch-update', kind: 'status', status: 503, count: 2 })
    phone.service.update({ isWatchingVideo: false })
    await world.advance(10_000, 5000)
    expect(tracker(world, 'batch-update', 'phone')).toHaveLength(3)
    expect(serverDevice(world, phone)).toMatchObject({ isWatchingVideo: true })
    await world.advance(1 * MINUTE)
    expect(tracker(world, 'end-watch', 'phone')).toHaveLength(1)
    expect(serverDevice(world, phone)).toMatchObject({ isWatchingVideo: false })
  })

  it('the page going away while it is in doubt sends the end-watch as a beacon', async () => {
    const world = await createWorld(weekLongTokens)
    const phone = await signedIn(world, 'phone')
    world.backend.faults.add({ path: WATCH, kind: 'drop', count: 1 })
    world.backend.faults.add({ path: END_WATCH, kind: 'status', status: 503, count: 1 })
    await phone.service.startWatching('v1')
    phone.platform.hidePage()
    expect(phone.platform.beacons).toMatchObject([{ url: `${world.backend.url}${END_WATCH}` }])
    await world.idle()
    expect(serverDevice(world, phone)).toMatchObject({ isWatchingVideo: false })
  })
})
