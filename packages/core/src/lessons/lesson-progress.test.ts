import { describe, expect, it } from 'vitest'
import type { AuthForServicesState } from '../kernel/auth-for-services.ts'
import { createStore } from '../kernel/store.ts'
import { createMemoryBroadcast } from '../platform/memory-broadcast.ts'
import { memoryPlatform } from '../platform/memory-platform.ts'
import { createMemoryStorage } from '../platform/memory-storage.ts'
import { createSimulatedClock } from '../testing/simulated-clock.ts'
import { createLessonProgress } from './lesson-progress.ts'

const KEY = 'coursekit.lessonProgress.u1'

const signedInAs = (id: string): AuthForServicesState => ({ status: 'authenticated', user: { id, email: null } })
const signedOut: AuthForServicesState = { status: 'unauthenticated', user: null }

function setup(storage: Record<string, string> = {}) {
  const clock = createSimulatedClock()
  const platform = memoryPlatform({ storage })
  const account = createStore<AuthForServicesState>(signedInAs('u1'))
  return { clock, platform, account, progress: createLessonProgress({ platform, clock, account }) }
}

describe('LessonProgress', () => {
  it('has nothing for a lesson never watched: position 0, not done', () => {
    const { progress } = setup()
    expect(progress.positionOf(1001)).toBe(0)
    expect(progress.isDone(1001)).toBe(false)
    expect(progress.store.getState()).toEqual({ lessons: {} })
  })

  it('keeps a position per lesson in local storage, where a new client (a reload) finds it', () => {
    const { clock, platform, account, progress } = setup()
    progress.save(1001, { positionSec: 42.5, durationSec: 600 })
    expect(progress.positionOf(1001)).toBe(42.5)
    expect(JSON.parse(platform.storage.get(KEY)!)).toEqual({
      1001: { positionSec: 42.5, done: false, savedAt: clock.now() },
    })
    const reloaded = createLessonProgress({ platform, clock, account })
    expect(reloaded.positionOf(1001)).toBe(42.5)
    expect(reloaded.positionOf(1002)).toBe(0)
  })

  it('never overwrites a saved position with 0 (a player reports 0 before it seeks)', () => {
    const { progress } = setup()
    progress.save(1001, { positionSec: 30, durationSec: 600 })
    progress.save(1001, { positionSec: 0, durationSec: 600 })
    progress.save(1001, { positionSec: Number.NaN, durationSec: 600 })
    progress.save(1001, { positionSec: -3, durationSec: 600 })
    expect(progress.positionOf(1001)).toBe(30)
  })

  it('a watch within the last 5 % marks the lesson done and restarts it from 0; done stays', () => {
    const { progress } = setup()
    progress.save(1001, { positionSec: 94.9, durationSec: 100 })
    expect(progress.isDone(1001)).toBe(false)
    progress.save(1001, { positionSec: 95, durationSec: 100 })
    expect(progress.isDone(1001)).toBe(true)
    expect(progress.positionOf(1001)).toBe(0)
    // Watching it again: the position is kept, the lesson stays done.
    progress.save(1001, { positionSec: 12, durationSec: 100 })
    expect(progress.positionOf(1001)).toBe(12)
    expect(progress.isDone(1001)).toBe(true)
  })

  it('without a known length a position is kept but finishes nothing', () => {
    const { progress } = setup()
    progress.save(1001, { positionSec: 500, durationSec: 0 })
    expect(progress.positionOf(1001)).toBe(500)
    expect(progress.isDone(1001)).toBe(false)
  })

  it.each([
    ['not JSON', '{oops'],
    ['an array', '[1,2]'],
    ['null', 'null'],
    ['a string', '"x"'],
  ])('ignores corrupt storage (%s) without throwing, and saves over it', (_, stored) => {
    const { progress, platform, account } = setup({ [KEY]: stored })
    expect(progress.positionOf(1001)).toBe(0)
    progress.save(1001, { positionSec: 5, durationSec: 60 })
    expect(createLessonProgress({ platform, clock: createSimulatedClock(), account }).positionOf(1001)).toBe(5)
  })

  it('drops only the entries it cannot read', () => {
    const stored = JSON.stringify({
      1001: { positionSec: 7, done: false, savedAt: 1 },
      1002: { positionSec: 'far', done: false },
      1003: { positionSec: 3, done: 'yes' },
      1004: { positionSec: -1, done: true },
      abc: { positionSec: 3, done: true },
      1005: { positionSec: 0, done: true },
    })
    const { progress } = setup({ [KEY]: stored })
    expect(Object.keys(progress.store.getState().lessons).sort()).toEqual(['1001', '1005'])
    expect(progress.isDone(1005)).toBe(true)
  })

  it('the store tells subscribers about a save', () => {
    const { progress } = setup()
    const seen: number[] = []
    progress.store.subscribe((state) => seen.push(state.lessons['1001']?.positionSec ?? -1))
    progress.save(1001, { positionSec: 9, durationSec: 60 })
    expect(seen).toEqual([9])
  })

  it('another tab of the browser sees a save once started; a saved lesson of another tab is not lost', async () => {
    const clock = createSimulatedClock()
    const sharedStorage = createMemoryStorage()
    const sharedBroadcast = createMemoryBroadcast()
    const account = createStore(signedInAs('u1'))
    const tabA = createLessonProgress({ platform: memoryPlatform({ sharedStorage, sharedBroadcast }), clock, account })
    const tabB = createLessonProgress({ platform: memoryPlatform({ sharedStorage, sharedBroadcast }), clock, account })
    tabA.start()
    tabB.start()
    tabA.save(1001, { positionSec: 20, durationSec: 60 })
    await Promise.resolve()
    expect(tabB.positionOf(1001)).toBe(20)
    tabB.save(1002, { positionSec: 60, durationSec: 60 })
    await Promise.resolve()
    expect(tabA.isDone(1002)).toBe(true)
    expect(tabA.positionOf(1001)).toBe(20)
    tabA.dispose()
    tabB.dispose()
  })

  it('is kept per account: the next person on the browser sees none of it, and it is back at the owner’s return', () => {
    const { platform, account, progress } = setup()
    progress.save(1001, { positionSec: 42, durationSec: 600 })
    account.setState(signedOut)
    expect(progress.store.getState()).toEqual({ lessons: {} })
    account.setState(signedInAs('u2'))
    expect(progress.positionOf(1001)).toBe(0)
    progress.save(1002, { positionSec: 7, durationSec: 600 })
    expect(Object.keys(JSON.parse(platform.storage.get('coursekit.lessonProgress.u2')!))).toEqual(['1002'])
    account.setState(signedInAs('u1'))
    expect(progress.positionOf(1001)).toBe(42)
    expect(progress.positionOf(1002)).toBe(0)
  })

  it('signed out, a save lives in memory only and is gone at the next sign-in', () => {
    const { platform, account, progress } = setup()
    account.setState(signedOut)
    progress.save(1001, { positionSec: 9, durationSec: 600 })
    expect(progress.positionOf(1001)).toBe(9)
    expect(platform.storage.get('coursekit.lessonProgress')).toBeNull()
    expect(platform.storage.get(KEY)).toBeNull()
    account.setState(signedInAs('u2'))
    expect(progress.positionOf(1001)).toBe(0)
  })

  it('drops progress stored before it was kept per account: it has no owner to give it to', () => {
    const legacy = JSON.stringify({ 1001: { positionSec: 30, done: false, savedAt: 1 } })
    const { platform, progress } = setup({ 'coursekit.lessonProgress': legacy })
    expect(progress.positionOf(1001)).toBe(0)
    expect(platform.storage.get('coursekit.lessonProgress')).toBeNull()
  })
})
