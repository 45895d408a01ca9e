import { describe, expect, it } from 'vitest'
import { sleep } from '../kernel/clock.ts'
import { createSimulatedClock, SIMULATED_CLOCK_START_MS } from './simulated-clock.ts'

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

  it('runs due timers in time order, ties in the order they were set, and stops at the target', () => {
    const clock = createSimulatedClock(0)
    const fired: string[] = []
    clock.setTimeout(() => fired.push(`c@${clock.now()}`), 300)
    clock.setTimeout(() => fired.push(`a@${clock.now()}`), 100)
    clock.setTimeout(() => fired.push(`b@${clock.now()}`), 100)
    clock.setTimeout(() => fired.push(`late@${clock.now()}`), 1000)
    clock.runUntil(500)
    expect(fired).toEqual(['a@100', 'b@100', 'c@300'])
    expect(clock.now()).toBe(500)
    expect(clock.nextDueAt()).toBe(1000)
    expect(clock.pendingTimers()).toBe(1)
  })

  it('runs timers that timers set when they fall due inside the same run, and skips cleared ones', () => {
    const clock = createSimulatedClock(0)
    const fired: number[] = []
    const cleared = clock.setTimeout(() => fired.push(-1), 50)
    clock.setTimeout(() => {
      fired.push(clock.now())
      clock.setTimeout(() => fired.push(clock.now()), 100)
      clock.setTimeout(() => fired.push(clock.now()), 10_000)
    }, 100)
    clock.clearTimeout(cleared)
    clock.clearTimeout(cleared)
    clock.runUntil(1000)
    expect(fired).toEqual([100, 200])
    expect(clock.pendingTimers()).toBe(1)
  })

  it('treats a negative or missing delay as zero and never moves time backwards', () => {
    const clock = createSimulatedClock(1000)
    const fired: number[] = []
    clock.setTimeout(() => fired.push(clock.now()), -5)
    clock.setTimeout(() => fired.push(clock.now()), Number.NaN)
    clock.runUntil(500)
    expect(fired).toEqual([])
    expect(clock.now()).toBe(1000)
    clock.runUntil(1000)
    expect(fired).toEqual([1000, 1000])
  })

  it('reports the window end as its horizon while a run is under way', () => {
    const clock = createSimulatedClock(0)
    const seen: number[] = []
    clock.setTimeout(() => seen.push(clock.horizon()), 10)
    expect(clock.horizon()).toBe(0)
    clock.runUntil(1000)
    expect(seen).toEqual([1000])
    expect(clock.horizon()).toBe(1000)
  })

  it('keeps 100,000 timers in order', () => {
    const clock = createSimulatedClock(0)
    let last = -1
    let ordered = true
    for (let i = 0; i < 100_000; i++) {
      const at = (i * 7919) % 100_000
      clock.setTimeout(() => {
        if (clock.now() < last) ordered = false
        last = clock.now()
      }, at)
    }
    clock.runUntil(100_000)
    expect(ordered).toBe(true)
    expect(clock.pendingTimers()).toBe(0)
  })

  it('fires exactly the uncancelled timers, by due time then by order set, as a sorted list would', () => {
    const clock = createSimulatedClock(0)
    let state = 12345
    const random = (n: number) => {
      state = (state * 1103515245 + 12345) % 2 ** 31
      return state % n
    }
    const expected: { at: number; seq: number }[] = []
    const fired: number[] = []
    const handles: unknown[] = []
    for (let seq = 0; seq < 5_000; seq++) {
      const at = random(500)
      handles.push(clock.setTimeout(() => fired.push(seq), at))
      expected.push({ at, seq })
    }
    const cancelled = new Set<number>()
    for (let i = 0; i < 1_500; i++) {
      const seq = random(5_000)
      cancelled.add(seq)
      clock.clearTimeout(handles[seq])
    }
    clock.runUntil(500)
    const order = expected
      .filter(({ seq }) => !cancelled.has(seq))
      .sort((a, b) => a.at - b.at || a.seq - b.seq)
      .map(({ seq }) => seq)
    expect(fired).toEqual(order)
    expect(clock.pendingTimers()).toBe(0)
  })

  it('lets work queued on the real event loop by one timer run before the next timer', async () => {
    const clock = createSimulatedClock(0)
    const seen: string[] = []
    clock.setTimeout(() => {
      seen.push(`first@${clock.now()}`)
      setImmediate(() => seen.push(`answer@${clock.now()}`))
    }, 100)
    clock.setTimeout(() => seen.push(`second@${clock.now()}`), 200)
    await clock.tickAsync(200)
    expect(seen).toEqual(['first@100', 'answer@100', 'second@200'])
  })

  it('lets pending promise work set its timer before an async step looks for the next one', async () => {
    const clock = createSimulatedClock(0)
    const fired: number[] = []
    void Promise.resolve().then(() => clock.setTimeout(() => fired.push(clock.now()), 5))
    await clock.nextAsync()
    expect(fired).toEqual([5])
    void Promise.resolve().then(() => clock.setTimeout(() => fired.push(clock.now()), 5))
    await clock.runToLastAsync()
    expect(fired).toEqual([5, 10])
  })

  it('runs timers set while stepping when they fall due by the target, and ends at the target', async () => {
    const clock = createSimulatedClock(0)
    const fired: number[] = []
    clock.setTimeout(async () => {
      await Promise.resolve()
      clock.setTimeout(() => fired.push(clock.now()), 0)
      clock.setTimeout(() => fired.push(clock.now()), 50)
      clock.setTimeout(() => fired.push(clock.now()), 500)
    }, 100)
    await clock.tickAsync(200)
    expect(fired).toEqual([100, 150])
    expect(clock.now()).toBe(200)
    expect(clock.pendingTimers()).toBe(1)
  })

  it('gives up on a timer that keeps setting itself, synchronously or not', async () => {
    const clock = createSimulatedClock(0)
    const renew = () => {
      clock.setTimeout(renew, 10)
    }
    renew()
    expect(() => clock.runAll()).toThrow(/1000 timers/)
    await expect(clock.runAllAsync()).rejects.toThrow(/1000 timers/)
  })

  it('keeps the delays of waiting timers when the wall clock jumps, and never ticks backwards', () => {
    const clock = createSimulatedClock(0)
    const fired: number[] = []
    clock.setTimeout(() => fired.push(clock.now()), 10)
    clock.setTime(1_000_000)
    clock.tick(9)
    expect(fired).toEqual([])
    clock.tick(1)
    expect(fired).toEqual([1_000_010])
    expect(() => clock.tick(-1)).toThrow(TypeError)
  })
})
