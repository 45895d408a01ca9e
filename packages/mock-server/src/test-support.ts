import { createClock } from '@sinonjs/fake-timers'
import type { BackendClock } from './clock.ts'

export interface TestClock extends BackendClock {
  /** Moves time forward, running due timers. */
  tick(ms: number): void
  /** Like tick, letting promise callbacks run between timers. */
  tickAsync(ms: number): Promise<void>
}

/** A simulated clock for tests: nothing global is faked, and time moves only when told. */
export function createTestClock(startMs = Date.UTC(2026, 10, 2, 9, 0, 0)): TestClock {
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
  }
}
