import { createWorld, providerOf, started } from '@coursekit/testkit/react'
import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useMyCourses } from './use-my-courses.ts'

describe('useMyCourses', () => {
  it('the courses this device has progress in, the latest watched first, each with its progress', async () => {
    const world = await createWorld()
    const device = world.device()
    await started(device.client)
    const { result } = renderHook(() => useMyCourses(), { wrapper: providerOf(device.client) })
    await world.idle()
    expect(result.current).toMatchObject({ status: 'ready', courses: [] })

    const progress = device.client.lessonProgress
    // Course 101: its first lesson watched to the end, the second begun.
    act(() => progress.save(1001, { positionSec: 1000, durationSec: 1000 }))
    act(() => progress.save(1002, { positionSec: 30, durationSec: 1000 }))
    await world.advance(60_000)
    // Course 103, later: its first lesson begun.
    act(() => progress.save(1008, { positionSec: 12, durationSec: 1000 }))

    expect(result.current.courses.map((entry) => entry.course.id)).toEqual([103, 101])
    expect(result.current.courses[1]?.progress).toEqual({
      status: 'started',
      doneCount: 1,
      total: 4,
      nextLessonId: 1002,
    })
    expect(result.current.courses[0]?.lessons.map((lesson) => lesson.id)).toEqual([1008, 1009, 1010])
    device.client.dispose()
  })

  it('no answer for the lessons: failed and offline; retry reads them', async () => {
    const world = await createWorld()
    world.backend.faults.add({ path: '/api/v2/lessons', kind: 'drop', count: 1 })
    const device = world.device()
    await started(device.client)
    const { result } = renderHook(() => useMyCourses(), { wrapper: providerOf(device.client) })
    await world.idle()
    expect(result.current).toMatchObject({ status: 'failed', offline: true })
    act(() => result.current.retry())
    await world.idle()
    expect(result.current).toMatchObject({ status: 'ready', offline: false })
    device.client.dispose()
  })
})
