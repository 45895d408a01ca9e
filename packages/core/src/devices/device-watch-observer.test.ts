import { createWorld, type World } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import { createTestDevice, type TestDevice, tracker, weekLongTokens } from './device-test-harness.ts'
import { createVideoWatchObserver, type VideoWatchObserver, type VideoWatchStatus } from './device-watch-observer.ts'

async function signedIn(world: World, name: string): Promise<TestDevice> {
  const device = createTestDevice(world, name)
  await device.signIn()
  await world.idle()
  return device
}

/** Every status the observer published, in order. */
function statuses(observer: VideoWatchObserver): { seen: VideoWatchStatus[]; unsubscribe: () => void } {
  const seen: VideoWatchStatus[] = []
  const unsubscribe = observer.subscribe(() => seen.push(observer.getSnapshot().status))
  return { seen, unsubscribe }
}

describe('VideoWatchObserver', () => {
  it('does nothing until subscribed; then watches while playing, and a pause ends the watch', async () => {
    const world = await createWorld(weekLongTokens)
    const device = await signedIn(world, 'a')
    const observer = createVideoWatchObserver(device.service, { videoId: 'v1', playing: true })
    await world.idle()
    expect(tracker(world, 'watch')).toHaveLength(0)
    expect(observer.getSnapshot()).toEqual({
      videoId: 'v1',
      status: 'idle',
      conflict: null,
      error: null,
      resolving: false,
      endedElsewhere: false,
    })

    const { seen } = statuses(observer)
    expect(observer.getSnapshot().status).toBe('starting')
    await world.idle()
    expect(observer.getSnapshot().status).toBe('watching')
    expect(device.service.store.getState()).toMatchObject({ isWatchingVideo: true, videoId: 'v1' })

    observer.setOptions({ videoId: 'v1', playing: false })
    await world.idle()
    expect(observer.getSnapshot().status).toBe('idle')
    expect(tracker(world, 'end-watch')).toHaveLength(1)
    expect(seen).toEqual(['starting', 'watching', 'idle'])
  })

  it('a subscriber that leaves and comes back at once keeps one watch; the last one leaving ends it', async () => {
    const world = await createWorld(weekLongTokens)
    const device = await signedIn(world, 'a')
    const observer = createVideoWatchObserver(device.service, { videoId: 'v1', playing: true })
    observer.subscribe(() => {})()
    const unsubscribe = observer.subscribe(() => {})
    await world.idle()
    expect(observer.getSnapshot().status).toBe('watching')
    expect(tracker(world, 'watch')).toHaveLength(1)
    expect(tracker(world, 'end-watch')).toHaveLength(0)

    unsubscribe()
    await world.idle()
    expect(tracker(world, 'end-watch')).toHaveLength(1)
    expect(device.service.isWatching()).toBe(false)
  })

  it('another video replaces the watch; the end of the old one does not stop the new one', async () => {
    const world = await createWorld(weekLongTokens)
    const device = await signedIn(world, 'a')
    const observer = createVideoWatchObserver(device.service, { videoId: 'v1', playing: true })
    observer.subscribe(() => {})
    await world.idle()
    observer.setOptions({ videoId: 'v2', playing: true })
    expect(observer.getSnapshot()).toMatchObject({ videoId: 'v2', status: 'starting' })
    await world.idle()
    expect(observer.getSnapshot()).toMatchObject({ videoId: 'v2', status: 'watching' })
    expect(device.service.store.getState()).toMatchObject({ isWatchingVideo: true, videoId: 'v2' })
  })

  it('409 is the conflict state; endOtherWatch ends the other watch and watches here again', async () => {
    const world = await createWorld(weekLongTokens)
    const phone = await signedIn(world, 'phone')
    const laptop = await signedIn(world, 'laptop')
    await phone.service.startWatching('v1')
    const observer = createVideoWatchObserver(laptop.service, { videoId: 'v2', playing: true })
    observer.subscribe(() => {})
    await world.idle()
    const phoneId = phone.service.store.getState().sessionId
    expect(observer.getSnapshot()).toMatchObject({ status: 'conflict', conflict: { sessionId: phoneId } })

    const ending = observer.endOtherWatch()
    expect(observer.getSnapshot().resolving).toBe(true)
    expect(await ending).toEqual({ ok: true })
    await world.idle()
    expect(observer.getSnapshot()).toMatchObject({ status: 'watching', conflict: null, resolving: false })
    expect(tracker(world, 'watch', 'laptop')).toHaveLength(2)
  })

  it('a watch another device took over is endedElsewhere within a heartbeat; watching again clears it', async () => {
    const world = await createWorld(weekLongTokens)
    const phone = await signedIn(world, 'phone')
    const laptop = await signedIn(world, 'laptop')
    const observer = createVideoWatchObserver(phone.service, { videoId: 'v1', playing: true })
    observer.subscribe(() => {})
    await world.idle()
    expect(observer.getSnapshot()).toMatchObject({ status: 'watching', endedElsewhere: false })

    expect(await laptop.service.terminateOthers('v1')).toEqual({ ok: true })
    await world.advance(60_000)
    expect(observer.getSnapshot()).toMatchObject({ status: 'idle', endedElsewhere: true })

    observer.setOptions({ videoId: 'v1', playing: false })
    observer.setOptions({ videoId: 'v1', playing: true })
    expect(observer.getSnapshot().endedElsewhere).toBe(false)
  })

  it('dismissConflict forgets the conflict; paused, the watch is not started again', async () => {
    const world = await createWorld(weekLongTokens)
    const phone = await signedIn(world, 'phone')
    const laptop = await signedIn(world, 'laptop')
    await phone.service.startWatching('v1')
    const observer = createVideoWatchObserver(laptop.service, { videoId: 'v2', playing: true })
    observer.subscribe(() => {})
    await world.idle()
    observer.setOptions({ videoId: 'v2', playing: false })
    expect(observer.getSnapshot().status).toBe('conflict')
    observer.dismissConflict()
    expect(observer.getSnapshot()).toMatchObject({ status: 'idle', conflict: null })
    expect(await observer.endOtherWatch()).toEqual({ ok: true })
    await world.idle()
    expect(tracker(world, 'watch', 'laptop')).toHaveLength(1)
  })

  it('sign-out makes it idle; signing in again while playing watches again', async () => {
    const world = await createWorld(weekLongTokens)
    const device = await signedIn(world, 'a')
    const observer = createVideoWatchObserver(device.service, { videoId: 'v1', playing: true })
    observer.subscribe(() => {})
    await world.idle()
    await device.signOut()
    await world.idle()
    expect(observer.getSnapshot().status).toBe('idle')
    await device.signIn()
    await world.idle()
    expect(observer.getSnapshot().status).toBe('watching')
    expect(tracker(world, 'watch')).toHaveLength(2)
  })
})
