import { createWorld } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import { APP_ORIGIN } from '../testing/index.ts'
import {
  createBrowserShare,
  createTestDevice,
  learner,
  MINUTE,
  otherLearner,
  tracker,
  weekLongTokens,
} from './device-test-harness.ts'

describe('device session: lifecycle', () => {
  it('login registers the device with its session id and user agent; the state says so', async () => {
    const world = await createWorld(weekLongTokens)
    const device = createTestDevice(world, 'a', { userAgent: 'Mozilla/5.0 test', generateId: () => 'gen1' })
    expect(device.service.store.getState()).toMatchObject({ status: 'idle', sessionId: null, isInitialized: false })
    await device.signIn()
    await world.idle()
    const sessionId = `${learner.id}_gen1`
    expect(tracker(world, '')).toMatchObject([{ method: 'POST', body: { sessionId, userAgent: 'Mozilla/5.0 test' } }])
    expect(device.service.store.getState()).toMatchObject({
      sessionId,
      userAgent: 'Mozilla/5.0 test',
      isInitialized: true,
      status: 'registered',
      isWatchingVideo: false,
      videoId: null,
      lastError: null,
      isLeader: true,
      serverState: { sessionId, activeSessions: 1, isWatchingVideo: false },
    })
    expect(device.platform.storage.get('session_id')).toBe(sessionId)
    expect(device.seen).toEqual([['registered', { sessionId, created: true }]])
    expect(device.notices).toEqual([])
  })

  it('starting twice (React StrictMode) registers once; so does register() racing the start', async () => {
    const world = await createWorld(weekLongTokens)
    const device = createTestDevice(world, 'a', { start: false })
    await device.signIn()
    device.service.start()
    device.service.start()
    const [first, second] = await Promise.all([device.service.register(), device.service.register()])
    await world.idle()
    expect(tracker(world, '')).toHaveLength(1)
    expect(first).toEqual(second)
    expect(first).toMatchObject({ ok: true, created: true })
    // Registered: asking again sends nothing.
    expect(await device.service.register()).toMatchObject({ ok: true, created: false })
    expect(tracker(world, '')).toHaveLength(1)
  })

  it('a service created after sign-in still registers (it follows the auth state, not events)', async () => {
    const world = await createWorld(weekLongTokens)
    const device = createTestDevice(world, 'a', { start: false })
    await device.signIn()
    device.service.start()
    await world.idle()
    expect(device.service.store.getState().status).toBe('registered')
  })

  it('a reload is the same device: same id, registered again without taking a slot', async () => {
    const world = await createWorld({ ...weekLongTokens, deviceLimit: 1 })
    const browser = createBrowserShare()
    const before = createTestDevice(world, 'before', { browser })
    await before.signIn()
    await world.idle()
    before.platform.hidePage()
    before.dispose()
    const after = createTestDevice(world, 'after', { browser })
    await after.signIn()
    await world.idle()
    expect(after.service.store.getState()).toMatchObject({
      status: 'registered',
      sessionId: before.service.store.getState().sessionId ?? expect.any(String),
    })
    expect(after.seen).toEqual([['registered', { sessionId: browser.sharedStorage.get('session_id'), created: false }]])
    // A reload is not a logout: the session was not ended.
    expect(tracker(world, 'end')).toEqual([])
  })

  it('logout ends the session (POST end) before sign-out completes, and clears the state', async () => {
    const world = await createWorld(weekLongTokens)
    const device = createTestDevice(world, 'a')
    await device.signIn()
    await world.idle()
    const { sessionId } = device.service.store.getState()
    await device.signOut()
    await world.idle()
    expect(tracker(world, 'end')).toMatchObject([{ body: { sessionId } }])
    expect(device.platform.beacons).toEqual([])
    expect(device.service.store.getState()).toMatchObject({
      status: 'idle',
      sessionId: null,
      isInitialized: false,
      isLeader: false,
    })
    expect(world.backend.context.devices.list(learner.id)).toEqual([])
    // No heartbeat after logout.
    await world.clock.tickAsync(60 * 60_000)
    expect(tracker(world, 'heartbeat')).toEqual([])
  })

  it('logout while the page is going away sends POST end as a beacon', async () => {
    const world = await createWorld(weekLongTokens)
    const device = createTestDevice(world, 'a')
    await device.signIn()
    await world.idle()
    const { sessionId } = device.service.store.getState()
    device.platform.hidePage()
    await device.signOut()
    await world.idle()
    expect(device.platform.beacons).toEqual([
      { url: `${world.backend.url}/api/v2/session-tracker/end`, body: JSON.stringify({ sessionId }) },
    ])
    expect(world.backend.context.devices.list(learner.id)).toEqual([])
  })

  it('a sign-out that skips the hook (the auth state just drops) still ends the session', async () => {
    const world = await createWorld(weekLongTokens)
    const device = createTestDevice(world, 'a')
    await device.signIn()
    await world.idle()
    device.authStore.setState({ status: 'unauthenticated', user: null })
    await world.idle()
    expect(tracker(world, 'end')).toHaveLength(1)
    expect(device.service.store.getState().status).toBe('idle')
  })

  it('sign-out forgets the device id: the next person on the browser, or the same one, gets a fresh one', async () => {
    const world = await createWorld(weekLongTokens)
    const ids = ['tab', 'first', 'second', 'third']
    const device = createTestDevice(world, 'a', { generateId: () => ids.shift() ?? 'none' })
    await device.signIn(learner)
    await world.idle()
    expect(device.platform.storage.get('session_id')).toBe(`${learner.id}_first`)
    await device.signOut()
    await world.idle()
    expect(tracker(world, 'end').map((r) => r.body)).toEqual([{ sessionId: `${learner.id}_first` }])
    expect(device.platform.storage.get('session_id')).toBeNull()
    await device.signIn(otherLearner)
    await world.idle()
    expect(device.platform.storage.get('session_id')).toBe(`${otherLearner.id}_second`)
    await device.signOut()
    await device.signIn(learner)
    await world.idle()
    expect(device.service.store.getState()).toMatchObject({ status: 'registered', sessionId: `${learner.id}_third` })
  })

  it('a sign-out seen only in the auth state (another tab signed out) forgets the device id too', async () => {
    const world = await createWorld(weekLongTokens)
    const device = createTestDevice(world, 'a')
    await device.signIn()
    await world.idle()
    device.authStore.setState({ status: 'unauthenticated', user: null })
    await world.idle()
    expect(device.platform.storage.get('session_id')).toBeNull()
  })

  it('a change of user ends the old session, then registers a new id for the new user', async () => {
    const world = await createWorld(weekLongTokens)
    const ids = ['tab', 'first', 'second']
    const device = createTestDevice(world, 'a', { generateId: () => ids.shift() ?? 'none' })
    await device.signIn(learner)
    await world.idle()
    await device.signIn(otherLearner)
    await world.idle()
    const paths = world.requests.map(
      (r) => `${r.path.replace('/api/v2/session-tracker', 'tracker')} ${JSON.stringify(r.body)}`,
    )
    expect(paths).toEqual([
      `tracker {"sessionId":"${learner.id}_first","userAgent":"test-browser (a)"}`,
      `tracker/end {"sessionId":"${learner.id}_first"}`,
      `tracker {"sessionId":"${otherLearner.id}_second","userAgent":"test-browser (a)"}`,
    ])
    expect(device.service.store.getState()).toMatchObject({
      status: 'registered',
      sessionId: `${otherLearner.id}_second`,
    })
  })

  it('admin pages skip tracking; leaving them registers once the page is visible again', async () => {
    const world = await createWorld(weekLongTokens)
    const device = createTestDevice(world, 'a', { url: `${APP_ORIGIN}/admin/users` })
    await device.signIn()
    await world.idle()
    expect(world.requests).toEqual([])
    expect(device.service.store.getState()).toMatchObject({ status: 'skipped', isInitialized: false })
    expect(await device.service.register()).toEqual({ ok: true, skipped: true })
    // Playing a video on an admin page needs no server watch.
    expect(await device.service.startWatching('v1')).toEqual({ ok: true, videoId: 'v1' })
    expect(world.requests).toEqual([])
    device.platform.setLocation('/courses')
    device.platform.setVisible(false)
    device.platform.setVisible(true)
    await world.idle()
    expect(device.service.store.getState().status).toBe('registered')
  })

  it('moving to /admin without a page load ends the watch and stops tracking here; leaving registers again', async () => {
    const world = await createWorld(weekLongTokens)
    const device = createTestDevice(world, 'a')
    await device.signIn()
    await world.idle()
    await device.service.startWatching('v1')
    device.platform.routeTo('/admin/users')
    await world.idle()
    expect(tracker(world, 'end-watch')).toHaveLength(1)
    expect(world.backend.context.devices.list(learner.id)[0]).toMatchObject({ isWatchingVideo: false })
    expect(device.service.store.getState()).toMatchObject({
      status: 'skipped',
      isInitialized: false,
      isLeader: false,
      isWatchingVideo: false,
    })
    // Not a logout: the device keeps its session id, and no end was sent.
    expect(tracker(world, 'end')).toEqual([])
    await world.advance(30 * MINUTE, MINUTE)
    expect(tracker(world, 'heartbeat')).toEqual([])
    device.platform.routeTo('/courses')
    await world.idle()
    expect(device.service.store.getState()).toMatchObject({ status: 'registered', isLeader: true })
    expect(tracker(world, '')).toHaveLength(2)
    await world.advance(20 * MINUTE, MINUTE)
    expect(tracker(world, 'heartbeat')).toHaveLength(1)
  })

  it("a router's report of the move (client.route.changed) skips tracking as well", async () => {
    const world = await createWorld(weekLongTokens)
    const device = createTestDevice(world, 'a')
    await device.signIn()
    await world.idle()
    device.client.route.changed('/admin')
    await world.idle()
    expect(device.service.store.getState().status).toBe('skipped')
    expect(await device.service.startWatching('v1')).toEqual({ ok: true, videoId: 'v1' })
    expect(tracker(world, 'watch')).toEqual([])
    device.client.route.changed('/courses/1')
    await world.idle()
    expect(device.service.store.getState().status).toBe('registered')
  })

  it('dispose stops everything and sends nothing', async () => {
    const world = await createWorld(weekLongTokens)
    const device = createTestDevice(world, 'a')
    await device.signIn()
    await world.idle()
    device.dispose()
    expect(world.clock.pendingTimers()).toBe(0)
    await device.signOut()
    await world.clock.tickAsync(60 * 60_000)
    expect(world.requests.map((r) => r.path)).toEqual(['/api/v2/session-tracker'])
  })
})

describe('device session: registration outcomes and messages', () => {
  it('a call with no session: 세션 정보가 없습니다.', async () => {
    const world = await createWorld(weekLongTokens)
    const device = createTestDevice(world, 'a')
    expect(await device.service.register()).toMatchObject({
      ok: false,
      error: '세션 정보가 없습니다.',
      code: 'NO_SESSION',
    })
    expect(await device.service.terminateOthers('v1')).toMatchObject({ ok: false, error: '세션 정보가 없습니다.' })
    expect(device.notices).toEqual([{ kind: 'error', message: '세션 정보가 없습니다.' }])
    expect(device.service.store.getState().lastError).toBe('세션 정보가 없습니다.')
    expect(world.requests).toEqual([])
  })

  it('another failure: 세션 등록에 실패했습니다., without the API client also toasting the 5xx; retried when visible again', async () => {
    const world = await createWorld(weekLongTokens)
    world.backend.faults.add({ method: 'POST', path: '/api/v2/session-tracker', kind: 'status', status: 503, count: 1 })
    const device = createTestDevice(world, 'a')
    await device.signIn()
    await world.idle()
    expect(device.notices).toEqual([
      { kind: 'error', message: '세션 등록에 실패했습니다.', topic: 'device-registration' },
    ])
    expect(device.service.store.getState()).toMatchObject({
      status: 'failed',
      isInitialized: false,
      lastError: '세션 등록에 실패했습니다.',
    })
    device.platform.setVisible(false)
    device.platform.setVisible(true)
    await world.idle()
    expect(device.service.store.getState()).toMatchObject({ status: 'registered', lastError: null })
  })

  it('a network failure is a failed registration too', async () => {
    const world = await createWorld(weekLongTokens)
    world.backend.faults.add({ path: '/api/v2/session-tracker', kind: 'drop', count: 1 })
    const device = createTestDevice(world, 'a')
    await device.signIn()
    await world.idle()
    expect(device.notices).toEqual([
      { kind: 'error', message: '세션 등록에 실패했습니다.', topic: 'device-registration' },
    ])
  })

  it('a registration that failed for want of a network is tried again on the clock, backing off, without more toasts', async () => {
    const world = await createWorld(weekLongTokens)
    world.backend.faults.add({ path: '/api/v2/session-tracker', kind: 'drop', count: 3 })
    const device = createTestDevice(world, 'a')
    const settled: string[] = []
    device.client.events.subscribe('settled', ({ topic }) => settled.push(topic))
    await device.signIn()
    await world.idle()
    const start = world.clock.now()
    expect(device.service.store.getState().status).toBe('failed')
    expect(settled).toEqual([])
    await world.advance(2 * MINUTE, 1000)
    expect(tracker(world, '').map((r) => r.at - start)).toEqual([0, 5_000, 15_000, 35_000])
    expect(device.service.store.getState()).toMatchObject({ status: 'registered', isLeader: true, lastError: null })
    // The registration's failure toast is stale now: the UI is told to take it away.
    expect(settled).toEqual(['device-registration'])
    expect(device.notices).toEqual([
      { kind: 'error', message: '세션 등록에 실패했습니다.', topic: 'device-registration' },
    ])
  })

  it('the back-off grows to at most 5 minutes, and stops with the session', async () => {
    const world = await createWorld(weekLongTokens)
    world.backend.faults.add({ path: '/api/v2/session-tracker', kind: 'drop' })
    const device = createTestDevice(world, 'a')
    await device.signIn()
    await world.idle()
    await world.advance(30 * MINUTE, 1000)
    const gaps = tracker(world, '').map((r, i, all) => (i === 0 ? 0 : r.at - all[i - 1]!.at))
    expect(gaps.slice(0, 8)).toEqual([0, 5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 300_000])
    expect(Math.max(...gaps)).toBe(300_000)
    await device.signOut()
    await world.idle()
    const sent = tracker(world, '').length
    await world.advance(30 * MINUTE, MINUTE)
    expect(tracker(world, '')).toHaveLength(sent)
    expect(world.clock.pendingTimers()).toBe(0)
  })

  it('a server failure (500) is tried again on the clock with the same back-off; the device is then listed', async () => {
    const world = await createWorld(weekLongTokens)
    world.backend.faults.add({ method: 'POST', path: '/api/v2/session-tracker', kind: 'status', status: 500, count: 2 })
    const device = createTestDevice(world, 'a')
    await device.signIn()
    await world.idle()
    const start = world.clock.now()
    expect(device.service.store.getState()).toMatchObject({ status: 'failed', lastError: '세션 등록에 실패했습니다.' })
    await world.advance(MINUTE, 1000)
    expect(tracker(world, '').map((r) => r.at - start)).toEqual([0, 5_000, 15_000])
    expect(device.service.store.getState()).toMatchObject({
      status: 'registered',
      isInitialized: true,
      lastError: null,
    })
    expect(device.notices).toEqual([
      { kind: 'error', message: '세션 등록에 실패했습니다.', topic: 'device-registration' },
    ])
    const { sessionId } = device.service.store.getState()
    const listed = await device.service.listDevices({ force: true })
    expect(listed).toMatchObject({ ok: true, devices: [{ id: sessionId }] })
  })

  it('a server failure that lasts backs off to at most 5 minutes and stops at sign-out', async () => {
    const world = await createWorld(weekLongTokens)
    world.backend.faults.add({ method: 'POST', path: '/api/v2/session-tracker', kind: 'status', status: 502 })
    const device = createTestDevice(world, 'a')
    await device.signIn()
    await world.idle()
    await world.advance(30 * MINUTE, 1000)
    const gaps = tracker(world, '').map((r, i, all) => (i === 0 ? 0 : r.at - all[i - 1]!.at))
    expect(gaps.slice(0, 8)).toEqual([0, 5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 300_000])
    expect(Math.max(...gaps)).toBe(300_000)
    await device.signOut()
    await world.idle()
    const sent = tracker(world, '').length
    await world.advance(30 * MINUTE, MINUTE)
    expect(tracker(world, '')).toHaveLength(sent)
    expect(world.clock.pendingTimers()).toBe(0)
  })

  it('a refusal (4xx) is not retried on the clock (the page becoming visible or a watch retries it)', async () => {
    const world = await createWorld(weekLongTokens)
    world.backend.faults.add({ method: 'POST', path: '/api/v2/session-tracker', kind: 'status', status: 400, count: 1 })
    const device = createTestDevice(world, 'a')
    await device.signIn()
    await world.idle()
    await world.advance(30 * MINUTE, MINUTE)
    expect(tracker(world, '')).toHaveLength(1)
  })

  it('an exception: 세션 초기화 중 오류가 발생했습니다.', async () => {
    const world = await createWorld(weekLongTokens)
    const device = createTestDevice(world, 'a', {
      wrapApi: (api) => ({
        ...api,
        call: () => {
          throw new Error('boom')
        },
      }),
    })
    await device.signIn()
    await world.idle()
    expect(device.notices).toEqual([
      { kind: 'error', message: '세션 초기화 중 오류가 발생했습니다.', topic: 'device-registration' },
    ])
    expect(device.service.store.getState()).toMatchObject({
      status: 'failed',
      lastError: '세션 초기화 중 오류가 발생했습니다.',
    })
  })

  it('403 at the limit: the device-limit event with the list, 최대 기기 수에 도달했습니다., reported as failed', async () => {
    const world = await createWorld({ ...weekLongTokens, deviceLimit: 1 })
    const first = createTestDevice(world, 'first')
    await first.signIn()
    await world.idle()
    const second = createTestDevice(world, 'second')
    await second.signIn()
    await world.idle()
    expect(await second.service.register()).toMatchObject({
      ok: false,
      error: '최대 기기 수에 도달했습니다.',
      code: 'DEVICE_LIMIT_REACHED',
      status: 403,
    })
    const firstId = first.service.store.getState().sessionId
    expect(second.seen).toEqual([
      ['deviceLimitReached', { deviceLimit: 1, devices: [expect.objectContaining({ id: firstId, isOldest: true })] }],
      ['deviceLimitReached', expect.anything()],
    ])
    expect(second.notices).toEqual([
      { kind: 'warning', message: '최대 기기 수에 도달했습니다.', topic: 'device-registration' },
      { kind: 'warning', message: '최대 기기 수에 도달했습니다.', topic: 'device-registration' },
    ])
    expect(second.service.store.getState()).toMatchObject({
      status: 'limit-reached',
      isInitialized: false,
      isLeader: false,
      lastError: '최대 기기 수에 도달했습니다.',
      limitDialog: { selectedId: firstId, removing: false, error: null, deviceLimit: 1 },
    })
    // No heartbeat for a device that is not registered.
    await world.clock.tickAsync(60 * 60_000)
    expect(tracker(world, 'heartbeat', 'second')).toEqual([])
  })

  it('two devices racing for the last slot: exactly one registers, the other gets the dialog', async () => {
    const world = await createWorld({ ...weekLongTokens, deviceLimit: 2 })
    const existing = createTestDevice(world, 'existing')
    await existing.signIn()
    await world.idle()
    const a = createTestDevice(world, 'a', { start: false })
    const b = createTestDevice(world, 'b', { start: false })
    await Promise.all([a.signIn(), b.signIn()])
    a.service.start()
    b.service.start()
    const results = await Promise.all([a.service.register(), b.service.register()])
    expect(results.filter((r) => r.ok)).toHaveLength(1)
    expect(results.filter((r) => !r.ok)).toMatchObject([{ code: 'DEVICE_LIMIT_REACHED' }])
    const statuses = [a, b].map((d) => d.service.store.getState().status).sort()
    expect(statuses).toEqual(['limit-reached', 'registered'])
    expect(world.backend.context.devices.list(learner.id)).toHaveLength(2)
  })
})
