import { describe, expect, it } from 'vitest'
import { deviceSchedule } from './device-schedule.ts'

const settings = { seed: 'abc', watchRatio: 0.25, rampUpMs: 600_000 }

describe('deviceSchedule', () => {
  it('is the same for the same seed and device, and differs between devices and seeds', () => {
    const draw = (index: number, seed = 'abc') => {
      const schedule = deviceSchedule(index, { ...settings, seed })
      return [schedule.userAgent, schedule.signInAfterMs, schedule.idleMs(), schedule.watchMs(), schedule.video()]
    }
    expect(draw(7)).toEqual(draw(7))
    expect(draw(7)).not.toEqual(draw(8))
    expect(draw(7)).not.toEqual(draw(7, 'other'))
  })

  it('spreads sign-ins over the ramp-up', () => {
    const times = Array.from({ length: 500 }, (_, i) => deviceSchedule(i, settings).signInAfterMs)
    expect(Math.min(...times)).toBeGreaterThanOrEqual(0)
    expect(Math.max(...times)).toBeLessThan(600_000)
    expect(Math.max(...times)).toBeGreaterThan(500_000)
  })

  it('watches the given share of the time on average', () => {
    const schedule = deviceSchedule(1, settings)
    let watching = 0
    let idle = 0
    for (let i = 0; i < 5000; i++) {
      watching += schedule.watchMs()
      idle += schedule.idleMs()
    }
    expect(watching / (watching + idle)).toBeCloseTo(0.25, 1)
  })

  it('never watches at a ratio of 0', () => {
    const schedule = deviceSchedule(1, { ...settings, watchRatio: 0 })
    expect(schedule.idleMs()).toBe(Number.POSITIVE_INFINITY)
    expect(schedule.startsWatching()).toBe(false)
  })
})
