import { createWorld, providerOf } from '@coursekit/testkit/react'
import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { usePlaybackProgress } from './use-playback-progress.ts'

/** A media element's fields as the handlers read them. */
const media = (currentTime: number, duration = 600) => ({ currentTarget: { currentTime, duration } })

describe('usePlaybackProgress', () => {
  it('seeks to the saved position once the length is known; nothing saved: stays at 0', async () => {
    const world = await createWorld()
    const { client } = world.device()
    client.lessonProgress.save(1, { positionSec: 42, durationSec: 600 })
    const { result } = renderHook(() => usePlaybackProgress({ lessonId: 1, durationSec: 600 }), {
      wrapper: providerOf(client),
    })
    const element = { currentTime: 0, duration: 600 }
    result.current.onLoadedMetadata({ currentTarget: element })
    expect(element.currentTime).toBe(42)
    const fresh = { currentTime: 0, duration: 600 }
    const other = renderHook(() => usePlaybackProgress({ lessonId: 2, durationSec: 600 }), {
      wrapper: providerOf(client),
    })
    other.result.current.onLoadedMetadata({ currentTarget: fresh })
    expect(fresh.currentTime).toBe(0)
    client.dispose()
  })

  it('saves every 10 s of the client clock while playing, on pause, and at the end (done, from 0)', async () => {
    const world = await createWorld()
    const { client } = world.device()
    const { result } = renderHook(() => usePlaybackProgress({ lessonId: 1, durationSec: 600 }), {
      wrapper: providerOf(client),
      reactStrictMode: true,
    })
    act(() => {
      result.current.onPlaying(media(0))
      result.current.onTimeUpdate(media(9))
    })
    await world.advance(9_000, 1_000)
    expect(client.lessonProgress.positionOf(1)).toBe(0)
    await world.advance(1_000, 1_000)
    expect(client.lessonProgress.positionOf(1)).toBe(9)
    act(() => result.current.onPause(media(11)))
    expect(client.lessonProgress.positionOf(1)).toBe(11)
    act(() => result.current.onEnded())
    expect(client.lessonProgress.isDone(1)).toBe(true)
    expect(client.lessonProgress.positionOf(1)).toBe(0)
    client.dispose()
  })

  it('saves on page hide, and when the player goes away', async () => {
    const world = await createWorld()
    const device = world.device()
    const view = renderHook(() => usePlaybackProgress({ lessonId: 1, durationSec: 600 }), {
      wrapper: providerOf(device.client),
    })
    act(() => {
      view.result.current.onPlaying(media(0))
      view.result.current.onTimeUpdate(media(3))
    })
    device.platform.hidePage()
    expect(device.client.lessonProgress.positionOf(1)).toBe(3)
    act(() => view.result.current.onTimeUpdate(media(5)))
    view.unmount()
    expect(device.client.lessonProgress.positionOf(1)).toBe(5)
    // Its timer went with it: nothing saves over a later position.
    device.client.lessonProgress.save(1, { positionSec: 50, durationSec: 600 })
    await world.advance(20_000, 1_000)
    expect(device.client.lessonProgress.positionOf(1)).toBe(50)
    device.client.dispose()
  })
})
