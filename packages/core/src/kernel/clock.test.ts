import { describe, expect, it } from 'vitest'
import { createSimulatedClock } from '../testing/index.ts'
import { sleep, systemClock } from './clock.ts'

describe('sleep', () => {
  it('resolves after the given time on the given clock, not before', async () => {
    const clock = createSimulatedClock()
    let done = false
    const sleeping = sleep(clock, 1000).then(() => {
      done = true
    })
    await clock.tickAsync(999)
    expect(done).toBe(false)
    await clock.tickAsync(1)
    await sleeping
    expect(done).toBe(true)
  })

  it('rejects with the abort reason and leaves no timer behind', async () => {
    const clock = createSimulatedClock()
    const controller = new AbortController()
    const sleeping = sleep(clock, 5000, controller.signal)
    expect(clock.pendingTimers()).toBe(1)
    controller.abort(new Error('stop'))
    await expect(sleeping).rejects.toThrow('stop')
    expect(clock.pendingTimers()).toBe(0)
  })

  it('rejects at once for an already aborted signal', async () => {
    const clock = createSimulatedClock()
    await expect(sleep(clock, 10, AbortSignal.abort())).rejects.toMatchObject({ name: 'AbortError' })
    expect(clock.pendingTimers()).toBe(0)
  })
})

describe('systemClock', () => {
  it('reads the real time and clears its timers', () => {
    const before = Date.now()
    expect(systemClock.now()).toBeGreaterThanOrEqual(before)
    let fired = false
    const handle = systemClock.setTimeout(() => {
      fired = true
    }, 0)
    systemClock.clearTimeout(handle)
    expect(fired).toBe(false)
  })
})
