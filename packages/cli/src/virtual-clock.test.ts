import { describe, expect, it } from 'vitest'
import { createVirtualClock } from './virtual-clock.ts'

describe('createVirtualClock', () => {
  it('runs due timers in time order, ties in the order they were set, and stops at the target', () => {
    const clock = createVirtualClock(0)
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
    const clock = createVirtualClock(0)
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
    const clock = createVirtualClock(1000)
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
    const clock = createVirtualClock(0)
    const seen: number[] = []
    clock.setTimeout(() => seen.push(clock.horizon()), 10)
    expect(clock.horizon()).toBe(0)
    clock.runUntil(1000)
    expect(seen).toEqual([1000])
    expect(clock.horizon()).toBe(1000)
  })

  it('keeps 100,000 timers in order', () => {
    const clock = createVirtualClock(0)
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
    const clock = createVirtualClock(0)
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
})
