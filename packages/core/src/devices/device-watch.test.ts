import { createWorld, type World } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import { createTestDevice, learner, MINUTE, type TestDevice, tracker, weekLongTokens } from './device-test-harness.ts'

async function signedIn(world: World, name: string): Promise<TestDevice> {
  const device = createTestDevice(world, name)
  await device.signIn()
  await world.idle()
  return device
}

const serverDevice = (world: World, device: TestDevice) =>
  world.backend.context.devices.list(learner.id).find((d) => d.id === device.service.store.getState().sessionId)

describe('watching', () => {
  it('POST watch marks the device watching here and on the server; isWatching() follows', async () => {
    const world = await createWorld(weekLongTokens)
    const device = await signedIn(world, 'a')
    expect(device.service.isWatching()).toBe(false)
    expect(await device.service.startWatching('lesson-1')).toEqual({ ok: true, videoId: 'lesson-1' })
    const { sessionId } = device.service.store.getState()
    expect(tracker(world, 'watch')).toMatchObject([{ body: { sessionId, videoId: 'lesson-1' } }])
    expect(device.service.store.getState()).toMatchObject({ isWatchingVideo: true, videoId: 'lesson-1' })
    expect(device.service.isWatching()).toBe(true)
    expect(device.apiAuth.isVideoPlaying()).toBe(true)
    expect(serverDevice(world, device)).toMatchObject({ isWatchingVideo: true, videoId: 'lesson-1' })
  })

  it('the same video twice (effects that run twice) sends one watch', async () => {
    const world = await createWorld(weekLongTokens)
    const device = await signedIn(world, 'a')
    await Promise.all([device.service.startWatching('v1'), device.service.startWatching('v1')])
    await device.service.startWatching('v1')
    expect(tracker(world, 'watch')).toHaveLength(1)
  })

  it('a different video first ends the current watch', async () => {
    const world = await createWorld(weekLongTokens)
    const device = await signedIn(world, 'a')
    await device.service.startWatching('v1')
    await device.service.startWatching('v2')
    const order = world.requests.map((r) => r.path.split('/').pop())
    expect(order).toEqual(['session-tracker', 'watch', 'end-watch', 'watch'])
    expect(device.service.store.getState()).toMatchObject({ isWatchingVideo: true, videoId: 'v2' })
  })

  it("stopWatching(videoId) ends only that video's watch: a stop queued behind another video's start changes nothing", async () => {
    const world = await createWorld(weekLongTokens)
    const device = await signedIn(world, 'a')
    await device.service.startWatching('v1')
    const starting = device.service.startWatching('v2')
    expect(await device.service.stopWatching('v1')).toEqual({ ok: true })
    await starting
    expect(device.service.store.getState()).toMatchObject({ isWatchingVideo: true, videoId: 'v2' })
    expect(serverDevice(world, device)).toMatchObject({ isWatchingVideo: true, videoId: 'v2' })
    expect(await device.service.stopWatching('v2')).toEqual({ ok: true })
    expect(device.service.store.getState()).toMatchObject({ isWatchingVideo: false, videoId: null })
    expect(tracker(world, 'end-watch')).toHaveLength(2)
  })

  it('stopWatching sends end-watch; the server frees the video', async () => {
    const world = await createWorld(weekLongTokens)
    const device = await signedIn(world, 'a')
    await device.service.startWatching('v1')
    expect(await device.service.stopWatching()).toEqual({ ok: true })
    expect(tracker(world, 'end-watch')).toHaveLength(1)
    expect(device.service.isWatching()).toBe(false)
    expect(serverDevice(world, device)).toMatchObject({ isWatchingVideo: false, videoId: null })
    // Not watching: nothing to end.
    await device.service.stopWatching()
    expect(tracker(world, 'end-watch')).toHaveLength(1)
  })

  it('a failed end-watch is sent again as a batch 5 s later', async () => {
    const world = await createWorld(weekLongTokens)
    const device = await signedIn(world, 'a')
    await device.service.startWatching('v1')
    world.backend.faults.add({ path: '/api/v2/session-tracker/end-watch', kind: 'status', status: 503, count: 1 })
    expect(await device.service.stopWatching()).toMatchObject({ ok: false, status: 503 })
    expect(device.service.isWatching()).toBe(false)
    await world.advance(5000)
    expect(tracker(world, 'batch-update')).toMatchObject([
      { body: { updates: { isWatchingVideo: false, videoId: null } } },
    ])
    expect(serverDevice(world, device)).toMatchObject({ isWatchingVideo: false })
    expect(device.notices).toEqual([])
  })

  it('a watch starts the registration first when the device is not registered yet', async () => {
    const world = await createWorld(weekLongTokens)
    world.backend.faults.add({ method: 'POST', path: '/api/v2/session-tracker', kind: 'status', status: 503, count: 1 })
    const device = await signedIn(world, 'a')
    expect(device.service.store.getState().status).toBe('failed')
    expect(await device.service.startWatching('v1')).toMatchObject({ ok: true })
    expect(tracker(world, '')).toHaveLength(2)
  })

  it('409: the video-conflict event with the other device; then terminate-others lets this one watch', async () => {
    const world = await createWorld(weekLongTokens)
    const phone = await signedIn(world, 'phone')
    const laptop = await signedIn(world, 'laptop')
    await phone.service.startWatching('v1')
    const result = await laptop.service.startWatching('v2')
    const phoneId = phone.service.store.getState().sessionId
    expect(result).toMatchObject({
      ok: false,
      status: 409,
      code: 'VIDEO_CONFLICT',
      conflict: { sessionId: phoneId, isWatchingVideo: true, videoId: 'v1' },
    })
    expect(laptop.seen).toContainEqual([
      'videoConflict',
      { videoId: 'v2', device: expect.objectContaining({ sessionId: phoneId, videoId: 'v1' }) },
    ])
    expect(laptop.service.isWatching()).toBe(false)
    expect(laptop.notices).toEqual([])

    expect(await laptop.service.terminateOthers('v2')).toEqual({ ok: true })
    expect(laptop.notices).toEqual([{ kind: 'success', message: '다른 기기 시청이 종료되었습니다.' }])
    expect(tracker(world, 'terminate-others')).toMatchObject([
      { body: { videoId: 'v2', sessionId: laptop.service.store.getState().sessionId } },
    ])
    expect(await laptop.service.startWatching('v2')).toMatchObject({ ok: true })
  })

  it('the device whose watch another device ended learns it from the next heartbeat', async () => {
    const world = await createWorld(weekLongTokens)
    const phone = await signedIn(world, 'phone')
    const laptop = await signedIn(world, 'laptop')
    await phone.service.startWatching('v1')
    await laptop.service.terminateOthers('v2')
    expect(phone.service.isWatching()).toBe(true)
    await world.advance(1 * MINUTE)
    expect(phone.service.isWatching()).toBe(false)
    expect(phone.seen).toContainEqual(['watchTerminated', { videoId: 'v1' }])
    // Back to the idle rhythm: no heartbeat for the next 19 minutes.
    const heartbeats = tracker(world, 'heartbeat', 'phone').length
    await world.advance(19 * MINUTE, MINUTE)
    expect(tracker(world, 'heartbeat', 'phone')).toHaveLength(heartbeats)
  })

  it('terminate-others failing: 다른 기기 세션을 종료할 수 없습니다', async () => {
    const world = await createWorld(weekLongTokens)
    const device = await signedIn(world, 'a')
    world.backend.faults.add({
      path: '/api/v2/session-tracker/terminate-others',
      kind: 'status',
      status: 500,
      count: 1,
    })
    expect(await device.service.terminateOthers('v1')).toMatchObject({
      ok: false,
      error: '다른 기기 세션을 종료할 수 없습니다',
      status: 500,
    })
    expect(device.notices).toEqual([{ kind: 'error', message: '다른 기기 세션을 종료할 수 없습니다' }])
    expect(device.service.store.getState().lastError).toBe('다른 기기 세션을 종료할 수 없습니다')
  })

  it('page hide while watching ends the watch with a keepalive beacon carrying the bearer token', async () => {
    const world = await createWorld(weekLongTokens)
    const device = await signedIn(world, 'a')
    await device.service.startWatching('v1')
    const { sessionId } = device.service.store.getState()
    device.platform.hidePage()
    expect(device.platform.beacons).toEqual([
      {
        url: `${world.backend.url}/api/v2/session-tracker/end-watch`,
        body: JSON.stringify({ sessionId }),
        headers: { authorization: `Bearer ${device.apiAuth.token}` },
      },
    ])
    await world.idle()
    // The beacon reached the server with its token: the video is free for another device.
    expect(serverDevice(world, device)).toMatchObject({ isWatchingVideo: false })
    // A closed tab is not a logout.
    expect(tracker(world, 'end')).toEqual([])
  })

  it('a page restored from the back-forward cache watches again', async () => {
    const world = await createWorld(weekLongTokens)
    const device = await signedIn(world, 'a')
    await device.service.startWatching('v1')
    device.platform.setVisible(false)
    device.platform.hidePage()
    await world.idle()
    device.platform.setVisible(true)
    await world.idle()
    expect(tracker(world, 'watch')).toHaveLength(2)
    expect(serverDevice(world, device)).toMatchObject({ isWatchingVideo: true, videoId: 'v1' })
  })

  it('page hide when not watching sends nothing', async () => {
    const world = await createWorld(weekLongTokens)
    const device = await signedIn(world, 'a')
    device.platform.hidePage()
    expect(device.platform.beacons).toEqual([])
  })
})

describe('batched updates', () => {
  it('changes within 5 s go out as one POST batch-update { sessionId, updates, timestamp }', async () => {
    const world = await createWorld(weekLongTokens)
    const device = await signedIn(world, 'a')
    const start = world.clock.now()
    device.service.update({ lastActivityAt: 1 })
    await world.advance(2000)
    device.service.update({ userAgent: 'renamed', lastActivityAt: 2 })
    await world.advance(3000)
    const { sessionId } = device.service.store.getState()
    expect(tracker(world, 'batch-update')).toEqual([
      expect.objectContaining({
        body: { sessionId, updates: { lastActivityAt: 2, userAgent: 'renamed' }, timestamp: start + 5000 },
      }),
    ])
    expect(world.backend.context.devices.list(learner.id)[0]).toMatchObject({ userAgent: 'renamed', lastActivityAt: 2 })
  })

  it('watch fields apply here at once; a failed batch is retried only for them', async () => {
    const world = await createWorld(weekLongTokens)
    const device = await signedIn(world, 'a')
    world.backend.faults.add({ path: '/api/v2/session-tracker/batch-update', kind: 'status', status: 503, count: 1 })
    device.service.update({ videoId: 'v9', lastActivityAt: 5 })
    expect(device.service.store.getState()).toMatchObject({ isWatchingVideo: true, videoId: 'v9' })
    await world.advance(5000)
    await world.advance(5000)
    expect(tracker(world, 'batch-update').map((r) => (r.body as { updates: unknown }).updates)).toEqual([
      { videoId: 'v9', lastActivityAt: 5 },
      { videoId: 'v9' },
    ])
    expect(world.backend.context.devices.list(learner.id)[0]).toMatchObject({ isWatchingVideo: true, videoId: 'v9' })
    expect(device.notices).toEqual([])
  })

  it('a batch that would watch while another device watches: the conflict event, watching undone here', async () => {
    const world = await createWorld(weekLongTokens)
    const phone = await signedIn(world, 'phone')
    const laptop = await signedIn(world, 'laptop')
    await phone.service.startWatching('v1')
    laptop.service.update({ videoId: 'v2' })
    await world.advance(5000)
    expect(laptop.service.isWatching()).toBe(false)
    expect(laptop.seen).toContainEqual(['videoConflict', expect.objectContaining({ videoId: 'v2' })])
    await world.advance(60_000)
    expect(tracker(world, 'batch-update')).toHaveLength(1)
  })
})
