import { createWorld, type World } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import { messages } from '../kernel/messages.ts'
import {
  createBrowserShare,
  createTestDevice,
  learner,
  MINUTE,
  type TestDevice,
  tracker,
  weekLongTokens,
} from './device-test-harness.ts'

async function signedIn(world: World, name: string): Promise<TestDevice> {
  const device = createTestDevice(world, name, { browser: createBrowserShare() })
  await device.signIn()
  await world.idle()
  return device
}

const evictions = (device: TestDevice) =>
  device.seen.filter(([type]) => type === 'evicted').map(([, payload]) => payload)

describe('a device the server forgot (SESSION_REVOKED, reason unknown)', () => {
  it('registers again mid-lesson and sends its watch again, instead of being signed out', async () => {
    const world = await createWorld(weekLongTokens)
    const laptop = await signedIn(world, 'laptop')
    const sessionId = laptop.service.store.getState().sessionId!
    expect(await laptop.service.startWatching('v1')).toEqual({ ok: true, videoId: 'v1' })
    // The backend restarts and loses the device.
    expect(world.backend.context.devices.forget(sessionId)).not.toBeNull()
    await world.advance(MINUTE)
    expect(evictions(laptop)).toEqual([])
    expect(tracker(world, '', 'laptop').map((r) => r.body)).toEqual([
      { sessionId, userAgent: 'test-browser (laptop)' },
      { sessionId, userAgent: 'test-browser (laptop)' },
    ])
    expect(laptop.service.store.getState()).toMatchObject({
      status: 'registered',
      isInitialized: true,
      isWatchingVideo: true,
      videoId: 'v1',
      lastError: null,
    })
    expect(world.backend.context.devices.list(learner.id)).toMatchObject([
      { id: sessionId, isWatchingVideo: true, videoId: 'v1' },
    ])
    expect(laptop.notices).toEqual([])
    // The lesson goes on: heartbeats every minute, no more registrations.
    await world.advance(5 * MINUTE, MINUTE)
    expect(tracker(world, '', 'laptop')).toHaveLength(2)
    expect(evictions(laptop)).toEqual([])
  })

  it('meets the device limit as any new registration does: the limit dialog, no sign-out', async () => {
    const world = await createWorld({ ...weekLongTokens, deviceLimit: 2 })
    const laptop = await signedIn(world, 'laptop')
    world.backend.context.devices.forget(laptop.service.store.getState().sessionId!)
    await signedIn(world, 'phone')
    await signedIn(world, 'tablet')
    await world.advance(20 * MINUTE, MINUTE)
    expect(evictions(laptop)).toEqual([])
    expect(laptop.service.store.getState()).toMatchObject({ status: 'limit-reached', isInitialized: false })
    expect(laptop.service.store.getState().limitDialog).not.toBeNull()
    expect(laptop.notices).toEqual([
      { kind: 'warning', message: messages.deviceLimitReached, topic: 'device-registration' },
    ])
  })

  it('a server that forgets the device again within 10 minutes signs it out (no registration loop)', async () => {
    const world = await createWorld(weekLongTokens)
    const laptop = await signedIn(world, 'laptop')
    const sessionId = laptop.service.store.getState().sessionId!
    await laptop.service.startWatching('v1')
    world.backend.context.devices.forget(sessionId)
    await world.advance(MINUTE)
    expect(laptop.service.store.getState().status).toBe('registered')
    world.backend.context.devices.forget(sessionId)
    await world.advance(MINUTE)
    expect(evictions(laptop)).toMatchObject([{ sessionId, reason: 'unknown', byThisDevice: false }])
    expect(laptop.service.store.getState().status).toBe('evicted')
    expect(tracker(world, '', 'laptop')).toHaveLength(2)
  })

  it('the other reasons still sign the device out: removed elsewhere', async () => {
    const world = await createWorld(weekLongTokens)
    const laptop = await signedIn(world, 'laptop')
    const phone = await signedIn(world, 'phone')
    await phone.service.removeDevice(laptop.service.store.getState().sessionId!)
    await world.advance(20 * MINUTE, MINUTE)
    expect(evictions(laptop)).toMatchObject([{ reason: 'removed' }])
    expect(tracker(world, '', 'laptop')).toHaveLength(1)
  })
})
