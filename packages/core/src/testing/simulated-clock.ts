import type { Clock } from '../kernel/clock.ts'
import { createTimerHeap, type Timer } from './timer-heap.ts'

/**
 * A clock where time moves only when told: the one simulated clock of the tests, the CLI's
 * simulations (one clock for thousands of devices and the embedded backend) and the benchmarks.
 * Nothing global is faked, so many clocks coexist.
 *
 * What must stay true, because the tests and the simulations rely on it:
 * - Timers run in due order; timers due at the same time run in the order they were set.
 * - `now()` is the due time of the timer running; a tick ends with `now()` at its target.
 * - A negative or non-finite delay counts as zero. A cleared timer never runs.
 * - The `...Async` steps let the program's own asynchronous work settle between timers, the way it
 *   would between two real timers: each waits for one turn of the real event loop (`setImmediate`,
 *   or `setTimeout(0)` where there is none) before the first timer and after every timer it runs.
 *   In a turn every settled promise chain runs to its next wait, and finished real I/O (msw, an
 *   in-process or loopback server) delivers its callbacks. Work that waits on the clock waits for
 *   a later timer. Tests wait for slower real I/O by stepping again, never on a real duration.
 * - Timers set while stepping run in the same step when they fall due by its target.
 */
export interface SimulatedClock extends Clock {
  /** Moves time forward by `ms`, running due timers synchronously. */
  tick(ms: number): void
  /** Like `tick`, letting asynchronous work settle before the first timer and after each one. */
  tickAsync(ms: number): Promise<void>
  /** Runs the next timer, moving time to it. */
  next(): void
  nextAsync(): Promise<void>
  /** Runs timers until none are left; throws after 1000 (a repeating timer never ends). */
  runAll(): void
  runAllAsync(): Promise<void>
  /** Runs the timers due up to the last one set now, and those they set that fall due by then. */
  runToLast(): void
  runToLastAsync(): Promise<void>
  /** How many timers are waiting. */
  pendingTimers(): number
  /** Moves the wall clock without running timers (a suspended laptop waking up); timers keep their delays. */
  setTime(ms: number): void
  /** When the next timer is due, or Infinity. */
  nextDueAt(): number
  /**
   * Runs every timer due at or before `time`, synchronously and in due order; timers they set that
   * fall due by `time` run too. Ends with now = time (never moving backwards).
   */
  runUntil(time: number): void
  /**
   * While `runUntil(time)` runs: `time`, else now. Work started inside a window is answered at its
   * end at the earliest, so waiting measured from here is waiting on the clock, not on the window.
   */
  horizon(): number
}

/** Default start: a fixed instant, so runs are reproducible. */
export const SIMULATED_CLOCK_START_MS = Date.UTC(2026, 10, 2, 9, 0, 0)

/** How many timers `runAll` runs before it takes the timers for a loop that never ends. */
const RUN_ALL_LIMIT = 1000

export function createSimulatedClock(startMs: number = SIMULATED_CLOCK_START_MS): SimulatedClock {
  const heap = createTimerHeap()
  let now = startMs
  let seq = 0
  let live = 0
  let runningUntil: number | null = null

  function fire(timer: Timer): void {
    heap.pop()
    const callback = timer.callback!
    timer.callback = null
    live--
    if (timer.at > now) now = timer.at
    callback()
  }

  function runDue(time: number): void {
    for (;;) {
      const timer = heap.peek()
      if (!timer || timer.at > time) break
      fire(timer)
    }
  }

  function runUntil(time: number): void {
    runningUntil = Math.max(time, now)
    try {
      runDue(time)
    } finally {
      runningUntil = null
    }
    if (time > now) now = time
  }

  function next(): void {
    const timer = heap.peek()
    if (timer) fire(timer)
  }

  function lastDueAt(): number {
    let last = Number.NEGATIVE_INFINITY
    for (const timer of heap.timers) if (timer.callback && timer.at > last) last = timer.at
    return last
  }

  function targetOf(ms: number): number {
    if (!(ms >= 0)) throw new TypeError(`A simulated clock moves only forward, not by ${ms} ms`)
    return now + ms
  }

  async function tickAsync(ms: number): Promise<void> {
    await eventLoopTurn()
    const target = targetOf(ms)
    for (;;) {
      const timer = heap.peek()
      if (!timer || timer.at > target) break
      fire(timer)
      await eventLoopTurn()
    }
    if (target > now) now = target
  }

  function tooManyTimers(): Error {
    return new Error(`Ran ${RUN_ALL_LIMIT} timers and more are waiting: a timer that keeps setting itself?`)
  }

  return {
    now: () => now,
    setTimeout(callback, ms) {
      const delay = Number.isFinite(ms) && ms > 0 ? ms : 0
      const timer: Timer = { at: now + delay, seq: seq++, callback }
      heap.push(timer)
      live++
      return timer
    },
    clearTimeout(handle) {
      const timer = handle as Timer | null | undefined
      if (!timer || typeof timer !== 'object' || timer.callback === null) return
      timer.callback = null
      live--
    },
    nextDueAt: () => heap.peek()?.at ?? Number.POSITIVE_INFINITY,
    runUntil,
    horizon: () => runningUntil ?? now,
    pendingTimers: () => live,
    setTime(ms) {
      const shift = ms - now
      now = ms
      for (const timer of heap.timers) timer.at += shift
    },
    tick(ms) {
      runUntil(targetOf(ms))
    },
    next,
    runAll() {
      for (let i = 0; i < RUN_ALL_LIMIT; i++) {
        if (live === 0) return
        next()
      }
      if (live > 0) throw tooManyTimers()
    },
    runToLast() {
      const last = lastDueAt()
      if (last > now) runUntil(last)
      else runDue(now)
    },
    tickAsync,
    async nextAsync() {
      await eventLoopTurn()
      if (!heap.peek()) return
      next()
      await eventLoopTurn()
    },
    async runAllAsync() {
      await eventLoopTurn()
      for (let i = 0; i < RUN_ALL_LIMIT; i++) {
        if (live === 0) return
        next()
        await eventLoopTurn()
      }
      if (live > 0) throw tooManyTimers()
    },
    async runToLastAsync() {
      await eventLoopTurn()
      const last = lastDueAt()
      if (last > Number.NEGATIVE_INFINITY) await tickAsync(Math.max(0, last - now))
    },
  }
}

/**
 * One turn of the real event loop. The host's timer is looked up when first needed, not on import,
 * so importing this module touches no global.
 */
let realMacrotask: ((callback: () => void) => unknown) | undefined
function eventLoopTurn(): Promise<void> {
  if (!realMacrotask) {
    const host = globalThis as { setImmediate?: (callback: () => void) => unknown }
    realMacrotask = host.setImmediate ?? ((callback) => globalThis.setTimeout(callback, 0))
  }
  const macrotask = realMacrotask
  return new Promise((resolve) => {
    macrotask(resolve)
  })
}
