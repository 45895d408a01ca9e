import { demoAccounts } from '@coursekit/mock-server'
import type { World } from '@coursekit/testkit'
import { createWorld, providerOf } from '@coursekit/testkit/react'
import { act, renderHook } from '@testing-library/react'
import type { SyntheticEvent } from 'react'
import { describe, expect, it } from 'vitest'
import { useLessonPlayer } from './use-lesson-player.ts'

const { learner } = demoAccounts
const lesson = { lessonId: 1002, videoId: 'video-101-2', durationSec: 8 }

async function signedInDevice(world: World, name: string) {
  const device = world.device({ name })
  await device.signIn(learner.email, learner.password)
  return device
}

/** A `<video>` without a decoder: counts play() and pause(). */
function fakeVideo() {
  const video = {
    paused: true,
    currentTime: 0,
    duration: 8,
    plays: 0,
    pauses: 0,
    play() {
      video.plays++
      video.paused = false
      return Promise.resolve()
    },
    pause() {
      video.pauses++
      video.paused = true
    },
  }
  return video
}

const eventOf = (video: ReturnType<typeof fakeVideo>) =>
  ({ currentTarget: video }) as unknown as SyntheticEvent<HTMLMediaElement>

describe('useLessonPlayer', () => {
  it('play starts the watch; a conflict pauses the video; ending the other watch plays here again', async () => {
    const world = await createWorld()
    const phone = await signedInDevice(world, 'phone')
    const laptop = await signedInDevice(world, 'laptop')
    await phone.client.devices!.startWatching('video-101-1')
    const video = fakeVideo()
    const { result } = renderHook(() => useLessonPlayer(lesson, { current: video as unknown as HTMLMediaElement }), {
      wrapper: providerOf(laptop.client),
    })
    act(() => result.current.handlers.onPlay(eventOf(video)))
    await world.idle()
    expect(result.current.watch.status).toBe('conflict')
    expect(video.pauses).toBe(1)
    act(() => result.current.handlers.onPause(eventOf(video)))

    await act(async () => {
      expect(await result.current.watch.endOtherWatch()).toEqual({ ok: true })
    })
    expect(video.plays).toBe(1)
    act(() => result.current.handlers.onPlay(eventOf(video)))
    await world.idle()
    expect(result.current.watch.status).toBe('watching')
    phone.client.dispose()
    laptop.client.dispose()
  })

  it('a watch another device took over pauses the video within a heartbeat and says so', async () => {
    const world = await createWorld()
    const phone = await signedInDevice(world, 'phone')
    const laptop = await signedInDevice(world, 'laptop')
    const video = fakeVideo()
    const { result } = renderHook(() => useLessonPlayer(lesson, { current: video as unknown as HTMLMediaElement }), {
      wrapper: providerOf(phone.client),
    })
    act(() => result.current.handlers.onPlay(eventOf(video)))
    await world.idle()
    expect(result.current.watch.status).toBe('watching')

    await laptop.client.devices!.terminateOthers(lesson.videoId)
    await world.advance(60_000)
    expect(result.current.endedElsewhere).toBe(true)
    expect(video.pauses).toBe(1)
    phone.client.dispose()
    laptop.client.dispose()
  })

  it('pause and the end stop the watch; the end marks the lesson done', async () => {
    const world = await createWorld()
    const device = await signedInDevice(world, 'laptop')
    const video = fakeVideo()
    const { result } = renderHook(() => useLessonPlayer(lesson, { current: video as unknown as HTMLMediaElement }), {
      wrapper: providerOf(device.client),
    })
    act(() => result.current.handlers.onPlay(eventOf(video)))
    await world.idle()
    expect(device.client.devices!.isWatching()).toBe(true)
    act(() => result.current.handlers.onEnded(eventOf(video)))
    await world.idle()
    expect(device.client.devices!.isWatching()).toBe(false)
    expect(world.requestsTo('POST', '/end-watch')).toHaveLength(1)
    expect(device.client.lessonProgress.isDone(lesson.lessonId)).toBe(true)
    device.client.dispose()
  })
})
