import { demoAccounts } from '@coursekit/mock-server'
import { createWorld, providerOf } from '@coursekit/testkit/react'
import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useCourseProgress, useLessonProgress } from './use-lesson-progress.ts'

const { learner } = demoAccounts

const lessons = [
  { id: 1001, durationSec: 6 },
  { id: 1002, durationSec: 8 },
  { id: 1003, durationSec: 10 },
]

describe('useLessonProgress and useCourseProgress', () => {
  it('show a lesson’s saved position and done marker, and follow saves', async () => {
    const world = await createWorld()
    const { client } = world.device()
    const { result } = renderHook(() => useLessonProgress(1002), { wrapper: providerOf(client) })
    expect(result.current).toEqual({ positionSec: 0, done: false })
    act(() => client.lessonProgress.save(1002, { positionSec: 3, durationSec: 8 }))
    expect(result.current).toEqual({ positionSec: 3, done: false })
    act(() => client.lessonProgress.save(1002, { positionSec: 7.8, durationSec: 8 }))
    expect(result.current).toEqual({ positionSec: 0, done: true })
    client.dispose()
  })

  it('do not re-render for another lesson’s save', async () => {
    const world = await createWorld()
    const { client } = world.device()
    let renders = 0
    renderHook(
      () => {
        renders++
        return useLessonProgress(1001)
      },
      { wrapper: providerOf(client) },
    )
    const before = renders
    act(() => client.lessonProgress.save(1003, { positionSec: 2, durationSec: 10 }))
    expect(renders).toBe(before)
    client.dispose()
  })

  it('a course goes new, started, done; next is the first lesson not done, then the first', async () => {
    const world = await createWorld()
    const { client } = world.device()
    const { result } = renderHook(() => useCourseProgress(lessons), { wrapper: providerOf(client) })
    expect(result.current).toEqual({ status: 'new', doneCount: 0, total: 3, nextLessonId: 1001 })
    act(() => client.lessonProgress.save(1001, { positionSec: 6, durationSec: 6 }))
    expect(result.current).toEqual({ status: 'started', doneCount: 1, total: 3, nextLessonId: 1002 })
    act(() => {
      client.lessonProgress.save(1002, { positionSec: 8, durationSec: 8 })
      client.lessonProgress.save(1003, { positionSec: 10, durationSec: 10 })
    })
    expect(result.current).toEqual({ status: 'done', doneCount: 3, total: 3, nextLessonId: 1001 })
    client.dispose()
  })

  it('another tab’s save shows here (the tabs of one browser)', async () => {
    const world = await createWorld()
    const tabA = world.device({ name: 'a' })
    const tabB = world.device({ name: 'b', ...tabA.browser })
    // Progress is kept per account: both tabs are the learner's.
    await tabA.signIn(learner.email, learner.password)
    await tabB.signIn(learner.email, learner.password)
    tabA.client.start()
    tabB.client.start()
    const { result } = renderHook(() => useLessonProgress(1001), { wrapper: providerOf(tabB.client) })
    tabA.client.lessonProgress.save(1001, { positionSec: 4, durationSec: 6 })
    await act(() => world.idle())
    expect(result.current).toEqual({ positionSec: 4, done: false })
    tabA.client.dispose()
    tabB.client.dispose()
  })
})
