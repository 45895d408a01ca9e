import { demoAccounts } from '@coursekit/mock-server'
import { createWorld, type World } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import {
  createTestDevice,
  learner,
  MINUTE,
  type TestDevice,
  tracker,
  weekLongTokens,
} from '../devices/device-test-harness.ts'
import { type AdminSessionsObserver, createAdminSessionsObserver } from './admin-sessions-observer.ts'

const admin = { id: demoAccounts.admin.id, email: demoAccounts.admin.email }

async function signedIn(world: World, name: string, account = learner): Promise<TestDevice> {
  const device = createTestDevice(world, name)
  await device.signIn(account)
  await device.client.queries.load()
  await world.idle()
  return device
}

function observe(device: TestDevice): { observer: AdminSessionsObserver; changes: () => number; stop: () => void } {
  const observer = createAdminSessionsObserver({
    api: device.client.api,
    queries: device.client.queries,
    clock: device.world.clock,
    events: device.client.events,
  })
  let changes = 0
  const stop = observer.subscribe(() => changes++)
  return { observer, changes: () => changes, stop }
}

const listReads = (world: World) =>
  world.requests.filter((request) => request.method === 'GET' && request.path === '/api/v2/admin/sessions')

describe('the admin area’s live sessions', () => {
  it('lists every live device of the platform: who, which device, watching which lesson, since when', async () => {
    const world = await createWorld(weekLongTokens)
    const laptop = await signedIn(world, 'laptop')
    const desk = await signedIn(world, 'desk', admin)
    await laptop.service.startWatching('video-101-2')
    await world.idle()
    const { observer } = observe(desk)
    expect(observer.getSnapshot().status).toBe('loading')
    await world.idle()
    const snapshot = observer.getSnapshot()
    expect(snapshot).toMatchObject({ status: 'success', total: 2, deviceLimit: 2, error: null, isFetching: false })
    expect(snapshot.fetchedAt).toBe(world.clock.now())
    const watching = snapshot.sessions.find((session) => session.user.id === learner.id)
    expect(watching).toMatchObject({
      sessionId: laptop.service.store.getState().sessionId,
      user: { email: learner.email, nickname: '하늘' },
      userAgent: 'test-browser (laptop)',
      isWatchingVideo: true,
      videoId: 'video-101-2',
      watchingSince: new Date(world.clock.now()).toISOString(),
      lesson: { lessonTitle: '컴포넌트를 나누는 기준', courseTitle: '실무 React 완벽 가이드' },
    })
  })

  it('reads again every 30 s while shown, and stops when nobody looks', async () => {
    const world = await createWorld(weekLongTokens)
    const desk = await signedIn(world, 'desk', admin)
    const { stop } = observe(desk)
    await world.idle()
    await world.advance(2 * MINUTE, 10_000)
    expect(listReads(world)).toHaveLength(5)
    stop()
    await world.advance(2 * MINUTE, 10_000)
    expect(listReads(world)).toHaveLength(5)
  })

  it('narrows by a query and to the devices watching now', async () => {
    const world = await createWorld(weekLongTokens)
    const laptop = await signedIn(world, 'laptop')
    const desk = await signedIn(world, 'desk', admin)
    const { observer } = observe(desk)
    await world.idle()
    await observer.setFilter({ query: '운영팀' })
    expect(observer.getSnapshot().sessions.map((session) => session.user.id)).toEqual([admin.id])
    await laptop.service.startWatching('video-102-1')
    await observer.setFilter({ query: '', watchingOnly: true })
    expect(observer.getSnapshot()).toMatchObject({ filter: { query: '', watchingOnly: true }, total: 1 })
    expect(observer.getSnapshot().sessions[0]?.user.id).toBe(learner.id)
  })

  it('another filter keeps the table while its read is on its way; the sign-out reads the list again at once', async () => {
    const world = await createWorld(weekLongTokens)
    const laptop = await signedIn(world, 'laptop')
    const desk = await signedIn(world, 'desk', admin)
    const { observer } = observe(desk)
    await world.idle()
    const read = observer.setFilter({ query: '운영팀' })
    expect(observer.getSnapshot()).toMatchObject({ status: 'success', isFetching: true, total: 2 })
    await read
    expect(observer.getSnapshot()).toMatchObject({ status: 'success', isFetching: false, total: 1 })
    await observer.setFilter({ query: '' })
    const reads = listReads(world).length
    await observer.signOut(laptop.service.store.getState().sessionId!)
    // The row goes at once; the list is read again (the command invalidated it), not in 30 s.
    expect(observer.getSnapshot().sessions.map((session) => session.user.id)).toEqual([admin.id])
    await world.idle()
    expect(listReads(world)).toHaveLength(reads + 1)
    expect(observer.getSnapshot()).toMatchObject({ status: 'success', total: 1 })
  })

  it('signs a device out: 기기를 로그아웃했습니다., and that device learns why within one heartbeat interval', async () => {
    const world = await createWorld(weekLongTokens)
    const laptop = await signedIn(world, 'laptop')
    const desk = await signedIn(world, 'desk', admin)
    const { observer } = observe(desk)
    await world.idle()
    const laptopId = laptop.service.store.getState().sessionId!
    expect(await observer.signOut(laptopId)).toEqual({ ok: true })
    expect(desk.notices).toEqual([{ kind: 'success', message: '기기를 로그아웃했습니다.' }])
    await world.idle()
    expect(observer.getSnapshot().sessions.map((session) => session.sessionId)).not.toContain(laptopId)

    const signedOutAt = world.clock.now()
    await world.advance(20 * MINUTE, MINUTE)
    const evicted = laptop.seen.filter(([type]) => type === 'evicted').map(([, payload]) => payload)
    expect(evicted).toEqual([
      {
        sessionId: laptopId,
        reason: 'admin',
        message: '관리자가 이 기기를 로그아웃했습니다. 다시 로그인해주세요.',
        byThisDevice: false,
      },
    ])
    const [beat] = tracker(world, 'heartbeat', 'laptop').filter((request) => request.at >= signedOutAt)
    expect(beat!.at - signedOutAt).toBeLessThanOrEqual(20 * MINUTE)
    expect(laptop.service.store.getState()).toMatchObject({ status: 'evicted', isInitialized: false })
  })

  it('a sign-out that fails says so and keeps the list; a device already gone is not found', async () => {
    const world = await createWorld(weekLongTokens)
    const desk = await signedIn(world, 'desk', admin)
    const { observer } = observe(desk)
    await world.idle()
    const result = await observer.signOut('no-such-session')
    expect(result).toEqual({ ok: false, error: '해당 기기 세션을 찾을 수 없습니다.', code: 'NOT_FOUND' })
    expect(desk.notices).toEqual([
      {
        kind: 'error',
        message: '기기를 로그아웃하지 못했습니다. 다시 시도해주세요.',
        description: '해당 기기 세션을 찾을 수 없습니다.',
      },
    ])
    expect(observer.getSnapshot().signingOut).toEqual([])
  })

  it('someone who is not an admin is told so, without a toast, and nothing is read again', async () => {
    const world = await createWorld(weekLongTokens)
    const laptop = await signedIn(world, 'laptop')
    const { observer } = observe(laptop)
    await world.idle()
    expect(observer.getSnapshot()).toMatchObject({
      status: 'forbidden',
      error: '관리자 권한이 필요합니다.',
      sessions: [],
    })
    expect(laptop.notices).toEqual([])
    await world.advance(2 * MINUTE, 10_000)
    expect(listReads(world)).toHaveLength(1)
  })
})
