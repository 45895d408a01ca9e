import { describe, expect, it } from 'vitest'
import type { AuthForServicesState } from '../kernel/auth-for-services.ts'
import { LESSON_PROGRESS_SAVE_INTERVAL_MS } from '../kernel/constants.ts'
import { createStore } from '../kernel/store.ts'
import { memoryPlatform } from '../platform/memory-platform.ts'
import { createSimulatedClock } from '../testing/simulated-clock.ts'
import { createLessonProgress } from './lesson-progress.ts'
import { createPlaybackProgressTracker } from './playback-progress-tracker.ts'

function setup(durationSec = 600) {
  const clock = createSimulatedClock()
  const platform = memoryPlatform()
  const account = createStore<AuthForServicesState>({ status: 'authenticated', user: { id: 'u1', email: null } })
  const progress = createLessonProgress({ platform, clock, account })
  const tracker = createPlaybackProgressTracker(
    { progress, clock, lifecycle: platform.lifecycle },
    { lessonId: 7, durationSec },
  )
  return { clock, platform, progress, tracker }
}

describe('PlaybackProgressTracker', () => {
  it('saves every 10 s of the client clock while playing, not between', () => {
    const { clock, progress, tracker } = setup()
    expect(LESSON_PROGRESS_SAVE_INTERVAL_MS).toBe(10_000)
    tracker.playing(0)
    tracker.timeUpdate(4)
    clock.tick(9_999)
    expect(progress.positionOf(7)).toBe(0)
    clock.tick(1)
    expect(progress.positionOf(7)).toBe(4)
    tracker.timeUpdate(14)
    clock.tick(10_000)
    expect(progress.positionOf(7)).toBe(14)
  })

  it('saves on pause and stops saving until playing again', () => {
    const { clock, progress, tracker } = setup()
    tracker.playing(0)
    tracker.timeUpdate(3)
    tracker.paused(3.5)
    expect(progress.positionOf(7)).toBe(3.5)
    expect(clock.pendingTimers()).toBe(0)
    tracker.playing(3.5)
    expect(clock.pendingTimers()).toBe(1)
  })

  it('saves on page hide and when the page is hidden', () => {
    const { platform, progress, tracker } = setup()
    tracker.playing(0)
    tracker.timeUpdate(8)
    platform.hidePage()
    expect(progress.positionOf(7)).toBe(8)
    tracker.timeUpdate(9)
    platform.setVisible(false)
    expect(progress.positionOf(7)).toBe(9)
  })

  it('played to the end: done, and the next watch starts from 0', () => {
    const { progress, tracker } = setup(10)
    tracker.playing(0)
    tracker.timeUpdate(8)
    tracker.ended()
    expect(progress.isDone(7)).toBe(true)
    expect(progress.positionOf(7)).toBe(0)
  })

  it("takes the media's length when the player knows it", () => {
    const { progress, tracker } = setup(600)
    tracker.timeUpdate(9.6, 10)
    tracker.paused(9.6)
    expect(progress.isDone(7)).toBe(true)
  })

  it('leaving the player saves the last position and stops the timer and the listeners', () => {
    const { clock, platform, progress, tracker } = setup()
    tracker.playing(0)
    tracker.timeUpdate(5)
    tracker.dispose()
    expect(progress.positionOf(7)).toBe(5)
    expect(clock.pendingTimers()).toBe(0)
    progress.save(7, { positionSec: 50, durationSec: 600 })
    platform.hidePage()
    tracker.timeUpdate(1)
    expect(progress.positionOf(7)).toBe(50)
  })

  it('a reload before any time update keeps the saved position (a 0 is never saved)', () => {
    const { progress, tracker } = setup()
    progress.save(7, { positionSec: 120, durationSec: 600 })
    tracker.playing(0)
    tracker.paused(0)
    tracker.dispose()
    expect(progress.positionOf(7)).toBe(120)
  })
})
