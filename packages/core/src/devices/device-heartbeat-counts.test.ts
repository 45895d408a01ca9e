import { createWorld, type World } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import {
  createBrowserShare,
  createTestDevice,
  HOUR,
  MINUTE,
  type RecordedRequest,
  tracker,
  weekLongTokens,
} from './device-test-harness.ts'

/** Heartbeats per hour, hour h covering (start + h, start + h + 1] so a beat on the hour counts once. */
function perHour(heartbeats: RecordedRequest[], start: number, hours: number): number[] {
  const counts = Array.from({ length: hours }, () => 0)
  for (const { at } of heartbeats) {
    const hour = Math.ceil((at - start) / HOUR) - 1
    if (hour >= 0 && hour < hours) counts[hour]!++
  }
  return counts
}

async function run24Hours(world: World, stepMs: number): Promise<void> {
  await world.advance(24 * HOUR, stepMs)
}

describe('heartbeat rhythm over 24 simulated hours', () => {
  it('a watching device sends exactly 60 heartbeats every hour, and stays live', async () => {
    const world = await createWorld(weekLongTokens)
    const device = createTestDevice(world, 'a')
    await device.signIn()
    await world.idle()
    await device.service.startWatching('lesson-1')
    const start = world.clock.now()
    await run24Hours(world, MINUTE)
    const heartbeats = tracker(world, 'heartbeat')
    expect(perHour(heartbeats, start, 24)).toEqual(Array.from({ length: 24 }, () => 60))
    expect(heartbeats).toHaveLength(24 * 60)
    expect(world.requests.length).toBe(2 + 24 * 60)
    expect(device.service.store.getState()).toMatchObject({ status: 'registered', isWatchingVideo: true })
    expect(device.service.store.getState().lastHeartbeatSent).toBe(start + 24 * HOUR)
  })

  it('an idle device sends exactly 3 heartbeats every hour, and the 40 min lease never runs out', async () => {
    const world = await createWorld(weekLongTokens)
    const device = createTestDevice(world, 'a')
    await device.signIn()
    await world.idle()
    const start = world.clock.now()
    await run24Hours(world, 20 * MINUTE)
    expect(perHour(tracker(world, 'heartbeat'), start, 24)).toEqual(Array.from({ length: 24 }, () => 3))
    expect(world.requests.length).toBe(1 + 24 * 3)
    expect(world.backend.context.devices.list(device.apiAuth.userId!)).toHaveLength(1)
    expect(device.seen.filter(([type]) => type === 'evicted')).toEqual([])
  })

  it('three tabs of one browser send no more heartbeats than one tab', async () => {
    const world = await createWorld(weekLongTokens)
    const browser = createBrowserShare()
    const tabs = ['tab1', 'tab2', 'tab3'].map((name) => createTestDevice(world, name, { browser }))
    await Promise.all(tabs.map((tab) => tab.signIn()))
    await world.idle()
    const start = world.clock.now()
    await run24Hours(world, 20 * MINUTE)
    const heartbeats = tracker(world, 'heartbeat')
    expect(perHour(heartbeats, start, 24)).toEqual(Array.from({ length: 24 }, () => 3))
    // One device: one session id, and one tab leads.
    expect(new Set(tabs.map((tab) => tab.service.store.getState().sessionId)).size).toBe(1)
    expect(tabs.filter((tab) => tab.service.store.getState().isLeader)).toHaveLength(1)
    expect(new Set(heartbeats.map((h) => h.device)).size).toBe(1)
    // Every tab knows when the device last beat, whichever tab sent it.
    for (const tab of tabs) expect(tab.service.store.getState().lastHeartbeatSent).toBe(start + 24 * HOUR)
  })

  it('while any tab plays, the device keeps the watching rhythm; a tab starting to watch defers the beat', async () => {
    const world = await createWorld(weekLongTokens)
    const browser = createBrowserShare()
    const tabs = ['tab1', 'tab2', 'tab3'].map((name) => createTestDevice(world, name, { browser }))
    await Promise.all(tabs.map((tab) => tab.signIn()))
    await world.idle()
    const follower = tabs.find((tab) => !tab.service.store.getState().isLeader)!
    await follower.service.startWatching('v1')
    const start = world.clock.now()
    await world.advance(2 * HOUR, MINUTE)
    expect(perHour(tracker(world, 'heartbeat'), start, 2)).toEqual([60, 60])
    await follower.service.stopWatching()
    const stopped = world.clock.now()
    await world.advance(2 * HOUR, 20 * MINUTE)
    expect(perHour(tracker(world, 'heartbeat'), stopped, 2)).toEqual([3, 3])
  })

  it('closing the leading tab hands the heartbeat over without a gap or a double beat', async () => {
    const world = await createWorld(weekLongTokens)
    const browser = createBrowserShare()
    const tabs = ['tab1', 'tab2', 'tab3'].map((name) => createTestDevice(world, name, { browser }))
    await Promise.all(tabs.map((tab) => tab.signIn()))
    await world.idle()
    const start = world.clock.now()
    await world.advance(30 * MINUTE, 10 * MINUTE)
    const leader = tabs.find((tab) => tab.service.store.getState().isLeader)!
    leader.platform.hidePage()
    leader.dispose()
    await world.idle()
    const next = tabs.filter((tab) => tab !== leader && tab.service.store.getState().isLeader)
    expect(next).toHaveLength(1)
    await world.advance(90 * MINUTE, 10 * MINUTE)
    const beats = tracker(world, 'heartbeat').map((h) => ({
      minute: (h.at - start) / MINUTE,
      fromLeader: h.device === leader.name,
    }))
    expect(beats).toEqual([
      { minute: 20, fromLeader: true },
      { minute: 40, fromLeader: false },
      { minute: 60, fromLeader: false },
      { minute: 80, fromLeader: false },
      { minute: 100, fromLeader: false },
      { minute: 120, fromLeader: false },
    ])
  })

  it('a hidden page becoming visible sends an overdue heartbeat at once', async () => {
    const world = await createWorld(weekLongTokens)
    const device = createTestDevice(world, 'a')
    await device.signIn()
    await world.idle()
    device.platform.setVisible(false)
    // The tab was frozen: 25 minutes pass without its timers running.
    world.clock.setTime(world.clock.now() + 25 * MINUTE)
    device.platform.setVisible(true)
    await world.idle()
    expect(tracker(world, 'heartbeat')).toHaveLength(1)
    // Not due: visibility alone sends nothing.
    device.platform.setVisible(false)
    device.platform.setVisible(true)
    await world.idle()
    expect(tracker(world, 'heartbeat')).toHaveLength(1)
  })

  it('a page shown again sends one heartbeat once the last is 5 minutes old, so a removed device learns it then', async () => {
    const world = await createWorld(weekLongTokens)
    const laptop = createTestDevice(world, 'laptop')
    await laptop.signIn()
    await world.idle()
    const phone = createTestDevice(world, 'phone')
    await phone.signIn()
    await world.idle()
    await phone.service.removeDevice(laptop.service.store.getState().sessionId!)
    // Away for 4 minutes: within the skip gap, coming back sends nothing.
    laptop.platform.setVisible(false)
    await world.advance(4 * MINUTE, MINUTE)
    laptop.platform.setVisible(true)
    await world.idle()
    expect(tracker(world, 'heartbeat', 'laptop')).toEqual([])
    // Away for 5 minutes since the last contact: coming back sends one, which hears the removal.
    laptop.platform.setVisible(false)
    await world.advance(1 * MINUTE, MINUTE)
    laptop.platform.setVisible(true)
    await world.idle()
    expect(tracker(world, 'heartbeat', 'laptop')).toHaveLength(1)
    expect(laptop.seen.filter(([type]) => type === 'evicted')).toMatchObject([['evicted', { reason: 'removed' }]])
  })

  it('heartbeat failures are silent and tried again 5 minutes later', async () => {
    const world = await createWorld(weekLongTokens)
    const device = createTestDevice(world, 'a')
    await device.signIn()
    await world.idle()
    world.backend.faults.add({ path: '/api/v2/session-tracker/heartbeat', kind: 'status', status: 503, count: 1 })
    const start = world.clock.now()
    await world.advance(60 * MINUTE, 5 * MINUTE)
    expect(tracker(world, 'heartbeat').map((h) => (h.at - start) / MINUTE)).toEqual([20, 25, 45])
    expect(device.notices).toEqual([])
    expect(device.service.store.getState()).toMatchObject({ status: 'registered', lastError: null })
  })
})
