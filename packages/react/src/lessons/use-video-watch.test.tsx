import { demoAccounts } from '@coursekit/mock-server'
import type { World } from '@coursekit/testkit'
import { createWorld, providerOf } from '@coursekit/testkit/react'
import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useVideoWatch } from './use-video-watch.ts'

const { learner } = demoAccounts

const serverDevice = (world: World, sessionId: string | null) =>
  world.backend.context.devices.list(learner.id).find((session) => session.id === sessionId)

async function signedInDevice(world: World, name: string) {
  const device = world.device({ name })
  await device.signIn(learner.email, learner.password)
  return device
}

describe('useVideoWatch', () => {
  it('starts the watch on play and ends it on pause', async () => {
    const world = await createWorld()
    const device = await signedInDevice(world, 'laptop')
    const sessionId = device.client.devices!.store.getState().sessionId
    const { result, rerender } = renderHook((props: { playing: boolean }) => useVideoWatch('lesson-1', props), {
      wrapper: providerOf(device.client),
      initialProps: { playing: false },
    })
    expect(result.current.status).toBe('idle')
    rerender({ playing: true })
    expect(result.current.status).toBe('starting')
    await world.idle()
    expect(result.current.status).toBe('watching')
    expect(serverDevice(world, sessionId)).toMatchObject({ isWatchingVideo: true, videoId: 'lesson-1' })
    expect(device.client.auth!.apiAuth.isVideoPlaying()).toBe(true)

    rerender({ playing: false })
    await world.idle()
    expect(result.current.status).toBe('idle')
    expect(serverDevice(world, sessionId)).toMatchObject({ isWatchingVideo: false, videoId: null })
    expect(world.requestsTo('POST', '/end-watch')).toHaveLength(1)
    device.client.dispose()
  })

  it('StrictMode: one watch request and no end-watch; unmounting ends it', async () => {
    const world = await createWorld()
    const device = await signedInDevice(world, 'laptop')
    const view = renderHook(() => useVideoWatch('lesson-1', { playing: true }), {
      wrapper: providerOf(device.client),
      reactStrictMode: true,
    })
    await world.idle()
    expect(view.result.current.status).toBe('watching')
    expect(world.requestsTo('POST', '/watch')).toHaveLength(1)
    expect(world.requestsTo('POST', '/end-watch')).toHaveLength(0)

    view.unmount()
    await world.idle()
    expect(world.requestsTo('POST', '/end-watch')).toHaveLength(1)
    expect(device.client.devices!.store.getState().isWatchingVideo).toBe(false)
    device.client.dispose()
  })

  it('another video replaces the watch, and the old player’s late stop leaves the new one alone', async () => {
    const world = await createWorld()
    const device = await signedInDevice(world, 'laptop')
    const sessionId = device.client.devices!.store.getState().sessionId
    const { result, rerender } = renderHook(
      (props: { videoId: string }) => useVideoWatch(props.videoId, { playing: true }),
      {
        wrapper: providerOf(device.client),
        initialProps: { videoId: 'lesson-1' },
      },
    )
    await world.idle()
    rerender({ videoId: 'lesson-2' })
    await world.idle()
    expect(result.current).toMatchObject({ videoId: 'lesson-2', status: 'watching' })
    expect(serverDevice(world, sessionId)).toMatchObject({ isWatchingVideo: true, videoId: 'lesson-2' })
    device.client.dispose()
  })

  it('page hide ends the watch with a beacon (the core), and the player stays mounted', async () => {
    const world = await createWorld()
    const device = await signedInDevice(world, 'laptop')
    renderHook(() => useVideoWatch('lesson-1', { playing: true }), { wrapper: providerOf(device.client) })
    await world.idle()
    act(() => device.platform.hidePage())
    const endWatch = device.platform.beacons.filter((beacon) => beacon.url.endsWith('/session-tracker/end-watch'))
    expect(endWatch).toHaveLength(1)
    expect(JSON.parse(endWatch[0]!.body)).toEqual({ sessionId: device.client.devices!.store.getState().sessionId })
    device.client.dispose()
  })

  it('waits for a signed-in user: playing while signed out starts the watch after sign-in', async () => {
    const world = await createWorld()
    const device = world.device()
    const { result } = renderHook(() => useVideoWatch('lesson-1', { playing: true }), {
      wrapper: providerOf(device.client),
    })
    expect(result.current.status).toBe('idle')
    await device.signIn(learner.email, learner.password)
    await world.idle()
    expect(result.current.status).toBe('watching')
    expect(world.requestsTo('POST', '/watch')).toHaveLength(1)
    device.client.dispose()
  })

  it('a conflict (another device watching): status conflict with that device; endOtherWatch ends it there and watches here', async () => {
    const world = await createWorld()
    const tv = await signedInDevice(world, 'tv')
    await act(() => tv.client.devices!.startWatching('lesson-9'))
    const laptop = await signedInDevice(world, 'laptop')
    const { result } = renderHook(() => useVideoWatch('lesson-1', { playing: true }), {
      wrapper: providerOf(laptop.client),
    })
    await world.idle()
    expect(result.current.status).toBe('conflict')
    expect(result.current.conflict).toMatchObject({
      sessionId: tv.client.devices!.store.getState().sessionId,
      videoId: 'lesson-9',
    })

    await act(async () => {
      expect(await result.current.endOtherWatch()).toEqual({ ok: true })
    })
    await world.idle()
    expect(result.current).toMatchObject({ status: 'watching', conflict: null })
    expect(serverDevice(world, laptop.client.devices!.store.getState().sessionId)).toMatchObject({
      isWatchingVideo: true,
      videoId: 'lesson-1',
    })
    tv.client.dispose()
    laptop.client.dispose()
  })

  it('is idle and harmless without a device service', async () => {
    const world = await createWorld()
    const device = world.device({ client: { devices: false } })
    await device.signIn(learner.email, learner.password)
    const { result } = renderHook(() => useVideoWatch('lesson-1', { playing: true }), {
      wrapper: providerOf(device.client),
    })
    await world.idle()
    expect(result.current.status).toBe('idle')
    expect(await result.current.endOtherWatch()).toMatchObject({ ok: false, error: '세션 정보가 없습니다.' })
    expect(world.requestsTo('POST', '/watch')).toEqual([])
    device.client.dispose()
  })
})
