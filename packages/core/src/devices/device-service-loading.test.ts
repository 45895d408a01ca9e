import { createWorld, type World } from '@coursekit/testkit'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { deviceErrorCodes } from './device-public-types.ts'
import { createTestDevice, learner, MINUTE, tracker, weekLongTokens } from './device-test-harness.ts'

/**
 * `client.devices` before and while the code that runs sessions (device-session-engine.ts) loads.
 * Each test takes a fresh copy of device-service.ts, whose engine has not been loaded, and holds the
 * engine's load until `arrive()`; the other device tests run with the engine already loaded.
 */
interface Loading {
  createService: typeof import('./device-service.ts').createDeviceSessionService
  /** How many times the engine's module was asked for. */
  loads(): number
  /** Lets the held load finish (with `fail`, the load fails instead); resolves once it has. */
  arrive(options?: { fail?: boolean }): Promise<void>
}

async function freshService(world: World): Promise<Loading> {
  vi.resetModules()
  let loads = 0
  let release: (fail: boolean) => void = () => {}
  let held = new Promise<boolean>((resolve) => (release = resolve))
  vi.doMock('./device-session-engine.ts', async (importOriginal) => {
    loads++
    const fail = await held
    if (fail) throw new Error('the engine chunk could not be fetched')
    return importOriginal()
  })
  const fresh = await import('./device-service.ts')
  return {
    createService: fresh.createDeviceSessionService,
    loads: () => loads,
    async arrive(options = {}) {
      release(options.fail === true)
      await fresh.loadDeviceSessionEngine().catch(() => {})
      held = new Promise<boolean>((resolve) => (release = resolve))
      await world.idle()
    },
  }
}

afterEach(() => {
  vi.doUnmock('./device-session-engine.ts')
  vi.resetModules()
})

describe('device session service: the engine loads when someone signs in', () => {
  it('a signed-out visitor never loads it: the state and events are there, nothing is sent', async () => {
    const world = await createWorld(weekLongTokens)
    const loading = await freshService(world)
    const device = createTestDevice(world, 'a', { createService: loading.createService })
    await world.advance(30 * MINUTE)
    device.platform.hidePage()
    device.platform.setVisible(false)
    device.platform.setVisible(true)
    device.platform.routeTo('/admin')
    device.platform.routeTo('/courses')
    expect(loading.loads()).toBe(0)
    expect(device.service.store.getState()).toMatchObject({ status: 'idle', sessionId: null, isInitialized: false })
    expect(device.service.isWatching()).toBe(false)
    expect(tracker(world, '')).toEqual([])
    expect(world.requests).toEqual([])
    expect(device.platform.beacons).toEqual([])
    // Commands that need no session answer without it.
    device.service.update({ isWatchingVideo: true, videoId: 'v1' })
    await device.service.flushUpdates()
    device.service.limitDialog.select('x')
    device.service.limitDialog.close()
    expect(loading.loads()).toBe(0)
    expect(device.service.store.getState().limitDialog).toBeNull()
  })

  it('signing in loads it; listeners and commands from before the load see the session as ever', async () => {
    const world = await createWorld(weekLongTokens)
    const loading = await freshService(world)
    const device = createTestDevice(world, 'a', { createService: loading.createService, generateId: () => 'gen1' })
    const states: string[] = []
    device.service.store.subscribe((state) => {
      if (states.at(-1) !== state.status) states.push(state.status)
    })
    await device.signIn()
    await world.idle()
    expect(loading.loads()).toBe(1)
    // Still loading: nothing sent, and a command waits for the engine.
    expect(tracker(world, '')).toEqual([])
    const registering = device.service.register()
    const listing = device.service.listDevices()
    await loading.arrive()
    const sessionId = `${learner.id}_gen1`
    expect(await registering).toEqual({ ok: true, sessionId, created: true })
    expect(await listing).toMatchObject({ ok: true })
    // One registration for the sign-in and the command together.
    expect(tracker(world, '')).toHaveLength(1)
    expect(device.seen).toEqual([['registered', { sessionId, created: true }]])
    // The session began (its id chosen), was registering, then registered: as a listener has always seen it.
    expect(states).toEqual(['idle', 'registering', 'registered'])
    expect(device.service.store.getState()).toMatchObject({ status: 'registered', isLeader: true })
    // Loaded once: heartbeats go on in the rhythm.
    await world.advance(20 * MINUTE)
    expect(tracker(world, 'heartbeat')).toHaveLength(1)
    expect(loading.loads()).toBe(1)
  })

  it('a command made while signed out loads it and answers as before: no session', async () => {
    const world = await createWorld(weekLongTokens)
    const loading = await freshService(world)
    const device = createTestDevice(world, 'a', { createService: loading.createService })
    const removing = device.service.removeDevice('someone')
    await loading.arrive()
    expect(loading.loads()).toBe(1)
    expect(await removing).toEqual({
      ok: false,
      error: '세션 정보가 없습니다.',
      code: deviceErrorCodes.noSession,
      status: 0,
    })
    expect(device.notices).toEqual([{ kind: 'error', message: '세션 정보가 없습니다.' }])
    expect(world.requests).toEqual([])
  })

  it('the device-limit dialog opens and lets the device in when the engine loaded after sign-in', async () => {
    const world = await createWorld({ ...weekLongTokens, deviceLimit: 1 })
    const other = createTestDevice(world, 'other')
    await other.signIn()
    await world.idle()
    const loading = await freshService(world)
    const device = createTestDevice(world, 'a', { createService: loading.createService })
    await device.signIn()
    await world.idle()
    expect(device.service.store.getState().limitDialog).toBeNull()
    await loading.arrive()
    const otherSession = other.service.store.getState().sessionId
    expect(device.service.store.getState()).toMatchObject({
      status: 'limit-reached',
      limitDialog: { selectedId: otherSession, removing: false, error: null },
    })
    expect(device.seen.map(([type]) => type)).toEqual(['deviceLimitReached'])
    expect(await device.service.limitDialog.remove()).toBe(true)
    await world.idle()
    expect(device.service.store.getState()).toMatchObject({ status: 'registered', limitDialog: null })
  })

  it('a load that fails answers commands with a failure, and the next command loads it again', async () => {
    const world = await createWorld(weekLongTokens)
    const loading = await freshService(world)
    const device = createTestDevice(world, 'a', { createService: loading.createService })
    await device.signIn()
    const first = device.service.register()
    await loading.arrive({ fail: true })
    expect(await first).toMatchObject({ ok: false, code: deviceErrorCodes.exception, status: 0 })
    expect(device.service.store.getState().status).toBe('idle')
    const second = device.service.register()
    await loading.arrive()
    expect(loading.loads()).toBe(2)
    expect(await second).toMatchObject({ ok: true, created: true })
    expect(tracker(world, '')).toHaveLength(1)
  })

  it('disposed while loading: the engine that arrives starts nothing', async () => {
    const world = await createWorld(weekLongTokens)
    const loading = await freshService(world)
    const device = createTestDevice(world, 'a', { createService: loading.createService })
    await device.signIn()
    device.dispose()
    await loading.arrive()
    await world.advance(30 * MINUTE)
    expect(tracker(world, '')).toEqual([])
    expect(device.service.store.getState().status).toBe('idle')
  })
})
