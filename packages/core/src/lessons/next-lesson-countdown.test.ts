import { describe, expect, it } from 'vitest'
import { createSimulatedClock } from '../testing/simulated-clock.ts'
import { createNextLessonCountdown } from './next-lesson-countdown.ts'

describe('the next-lesson countdown', () => {
  it('counts 5, 4, 3, 2, 1 on the clock and finishes at exactly 5 s, not a millisecond before', () => {
    const clock = createSimulatedClock()
    const countdown = createNextLessonCountdown(clock)
    expect(countdown.store.getState()).toEqual({ status: 'idle', secondsLeft: 5 })
    countdown.start()
    const seen = [countdown.store.getState().secondsLeft]
    for (let second = 1; second <= 4; second++) {
      clock.tick(1000)
      seen.push(countdown.store.getState().secondsLeft)
    }
    expect(seen).toEqual([5, 4, 3, 2, 1])
    clock.tick(999)
    expect(countdown.store.getState().status).toBe('counting')
    clock.tick(1)
    expect(countdown.store.getState()).toEqual({ status: 'finished', secondsLeft: 0 })
    clock.tick(60_000)
    expect(countdown.store.getState().status).toBe('finished')
  })

  it('cancelled, it stays: nothing finishes later; a new end starts it from 5 again', () => {
    const clock = createSimulatedClock()
    const countdown = createNextLessonCountdown(clock)
    countdown.start()
    clock.tick(2500)
    countdown.cancel()
    expect(countdown.store.getState()).toEqual({ status: 'cancelled', secondsLeft: 5 })
    clock.tick(60_000)
    expect(countdown.store.getState().status).toBe('cancelled')
    countdown.start()
    clock.tick(4999)
    expect(countdown.store.getState()).toEqual({ status: 'counting', secondsLeft: 1 })
    clock.tick(1)
    expect(countdown.store.getState().status).toBe('finished')
  })

  it('reset (the video plays again) stops it without finishing; cancel does nothing unless counting', () => {
    const clock = createSimulatedClock()
    const countdown = createNextLessonCountdown(clock)
    countdown.cancel()
    expect(countdown.store.getState().status).toBe('idle')
    countdown.start()
    clock.tick(3000)
    countdown.reset()
    clock.tick(60_000)
    expect(countdown.store.getState()).toEqual({ status: 'idle', secondsLeft: 5 })
  })

  it('a start while counting begins again from the full length', () => {
    const clock = createSimulatedClock()
    const countdown = createNextLessonCountdown(clock, 3000)
    countdown.start()
    clock.tick(2000)
    countdown.start()
    clock.tick(2000)
    expect(countdown.store.getState()).toEqual({ status: 'counting', secondsLeft: 1 })
    clock.tick(1000)
    expect(countdown.store.getState().status).toBe('finished')
  })
})
