import { describe, expect, it } from 'vitest'
import { sleep, systemClock } from './clock.ts'
import { createSimulatedClock, SIMULATED_CLOCK_START_MS } from './simulated-clock.ts'

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

describe('createSimulatedClock', () => {
  it('starts at a fixed instant (or the one given) and moves only when told', async () => {
    expect(createSimulatedClock().now()).toBe(SIMULATED_CLOCK_START_MS)
    const clock = createSimulatedClock(1_000)
    expect(clock.now()).toBe(1_000)
    await Promise.resolve()
    expect(clock.now()).toBe(1_000)
    clock.tick(250)
    expect(clock.now()).toBe(1_250)
  })

  it('runs due timers in order while ticking and skips cleared ones', () => {
    const clock = createSimulatedClock(0)
    const fired: string[] = []
    clock.setTimeout(() => fired.push(`b@${clock.now()}`), 200)
    clock.setTimeout(() => fired.push(`a@${clock.now()}`), 100)
    const cleared = clock.setTimeout(() => fired.push('never'), 150)
    clock.clearTimeout(cleared)
    clock.tick(150)
    expect(fired).toEqual(['a@100'])
    clock.tick(50)
    expect(fired).toEqual(['a@100', 'b@200'])
  })

  it('tickAsync lets promise chains between timers settle', async () => {
    const clock = createSimulatedClock(0)
    const steps: number[] = []
    const chain = async () => {
      await sleep(clock, 100)
      steps.push(clock.now())
      await sleep(clock, 100)
      steps.push(clock.now())
    }
    const running = chain()
    await clock.tickAsync(200)
    await running
    expect(steps).toEqual([100, 200])
  })

  it('runAll, next and runToLast drive timers without naming a duration', async () => {
    const clock = createSimulatedClock(0)
    const fired: number[] = []
    clock.setTimeout(() => fired.push(clock.now()), 10)
    clock.setTimeout(() => {
      fired.push(clock.now())
      clock.setTimeout(() => fired.push(clock.now()), 5)
    }, 20)
    clock.next()
    expect(fired).toEqual([10])
    clock.runToLast()
    expect(fired).toEqual([10, 20])
    expect(clock.pendingTimers()).toBe(1)
    clock.runAll()
    expect(fired).toEqual([10, 20, 25])
    expect(clock.pendingTimers()).toBe(0)

    clock.setTimeout(() => fired.push(clock.now()), 1)
    await clock.runAllAsync()
    expect(fired.at(-1)).toBe(26)
  })

  it('setTime jumps the wall clock without firing timers', () => {
    const clock = createSimulatedClock(0)
    let fired = false
    clock.setTimeout(() => {
      fired = true
    }, 10)
    clock.setTime(1_000_000)
    expect(clock.now()).toBe(1_000_000)
    expect(fired).toBe(false)
  })

  it('never moves the global Date', () => {
    const realNow = Date.now()
    const clock = createSimulatedClock(0)
    clock.tick(10_000_000)
    expect(Math.abs(Date.now() - realNow)).toBeLessThan(60_000)
  })

  it('keeps clocks independent', () => {
    const a = createSimulatedClock(0)
    const b = createSimulatedClock(0)
    a.tick(500)
    expect(b.now()).toBe(0)
  })
})
