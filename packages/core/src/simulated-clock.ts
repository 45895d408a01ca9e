import { createClock } from '@sinonjs/fake-timers'
import type { Clock } from './clock.ts'

/**
 * A clock where time moves only when told. It is a private @sinonjs/fake-timers clock object:
 * nothing global is faked, so many simulated clocks (one per CLI device, one per test) coexist.
 *
 * This lives in its own entry (`@coursekit/core/simulated-clock`) because fake-timers probes the
 * global timers and browser APIs when it loads, and the main entry must load without touching them.
 */
export interface SimulatedClock extends Clock {
  /** Moves time forward by `ms`, running due timers synchronously. */
  tick(ms: number): void
  /** Like `tick`, letting promise callbacks settle between timers: what async code needs. */
  tickAsync(ms: number): Promise<void>
  /** Runs the next due timer, moving time to it. */
  next(): void
  nextAsync(): Promise<void>
  /** Runs timers until none are left; throws after 1000 rounds (a repeating timer never ends). */
  runAll(): void
  runAllAsync(): Promise<void>
  /** Runs the timers due up to the last one scheduled now, ignoring the ones they schedule later. */
  runToLast(): void
  runToLastAsync(): Promise<void>
  /** How many timers are waiting. */
  pendingTimers(): number
  /** Moves the wall clock without running timers (a suspended laptop waking up). */
  setTime(ms: number): void
}

/** Default start: a fixed instant, so runs are reproducible. Same as the mock server's test clock. */
export const SIMULATED_CLOCK_START_MS = Date.UTC(2026, 10, 2, 9, 0, 0)

export function createSimulatedClock(startMs: number = SIMULATED_CLOCK_START_MS): SimulatedClock {
  const clock = createClock(startMs)
  return {
    now: () => clock.now,
    setTimeout: (callback, ms) => clock.setTimeout(callback, ms),
    clearTimeout: (handle) => clock.clearTimeout(handle as number),
    tick: (ms) => {
      clock.tick(ms)
    },
    tickAsync: async (ms) => {
      await clock.tickAsync(ms)
    },
    next: () => {
      clock.next()
    },
    nextAsync: async () => {
      await clock.nextAsync()
    },
    runAll: () => {
      clock.runAll()
    },
    runAllAsync: async () => {
      await clock.runAllAsync()
    },
    runToLast: () => {
      clock.runToLast()
    },
    runToLastAsync: async () => {
      await clock.runToLastAsync()
    },
    pendingTimers: () => clock.countTimers(),
    setTime: (ms) => {
      clock.setSystemTime(ms)
    },
  }
}
