import { type Clock, systemClock } from '@coursekit/core'
import type { SimulatedClock } from '@coursekit/core/testing'
import type { Traffic } from './traffic.ts'

/**
 * How a run moves through time, on the simulated clock or the real one.
 *
 * Simulated: time moves only when the run says so. Before it moves on, the requests in flight are
 * let finish (`settle`): the embedded backend answers within the microtask queue, but an answer
 * often sends the next request, a deployment answers over the network, and a latency fault waits on
 * the simulated clock itself. Timers run in windows of `quantumMs` of simulated time with one settle
 * per window, so the requests of many devices are in flight together; an answer reaches its device
 * at most one window after it was sent.
 *
 * Real: time passes by itself; advancing is waiting.
 */
export interface Timeline {
  readonly clock: Clock
  readonly simulated: boolean
  /** Simulated ms since the run began. */
  elapsed(): number
  /** Lets requests in flight finish without moving simulated time. */
  settle(): Promise<void>
  /**
   * Moves time forward by `ms` (or until `until()` holds, checked after every window); returns
   * whether `until` held. `onWindow` runs after each window (progress lines).
   */
  advance(ms: number, options?: { until?: () => boolean; onWindow?: () => void }): Promise<boolean>
  /**
   * Waits for an action (a sign-in, a removal), moving simulated time only while the action waits
   * on the clock (a latency fault, a timed retry): never ahead by more than it needs.
   */
  run<T>(action: Promise<T>): Promise<T>
}

/** Simulated time per window: answers arrive within this much of being sent. */
export const DEFAULT_QUANTUM_MS = 1000
/** Real time without any request finishing before a settle decides they wait on the simulated clock. */
const STALL_MS = 20
/** Real time without any progress after which a settle gives up waiting (a request that never ends). */
const GIVE_UP_MS = 30_000
/** First simulated step taken for an action that waits on the clock; it doubles while it keeps waiting. */
const ACTION_STEP_MS = 100

export function simulatedTimeline(clock: SimulatedClock, traffic: Traffic, quantumMs = DEFAULT_QUANTUM_MS): Timeline {
  const startedAt = clock.now()

  /** Resolves true when requests have stopped making progress (they wait on simulated time). */
  async function waitForProgress(): Promise<boolean> {
    const before = traffic.completions()
    let timer: ReturnType<typeof setTimeout> | undefined
    const stalled = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(traffic.completions() === before), STALL_MS)
    })
    const result = await Promise.race([traffic.nextCompletion().then(() => false), stalled])
    clearTimeout(timer)
    return result
  }

  async function settle(): Promise<void> {
    let quiet = 0
    let stalledSince: number | null = null
    for (;;) {
      if (traffic.inFlight() === 0) {
        await immediate()
        if (traffic.inFlight() === 0 && ++quiet >= 2) return
        continue
      }
      quiet = 0
      // Most answers need no real time (the embedded backend answers in microtasks): one turn of the
      // event loop brings them, without arming a stall timer per request.
      const before = traffic.completions()
      await immediate()
      if (traffic.completions() !== before) {
        stalledSince = null
        continue
      }
      const stalled = await waitForProgress()
      if (!stalled) {
        stalledSince = null
        continue
      }
      // Nothing finished for a while: the requests wait on simulated time (a latency fault), so
      // let time move; or, with no timer to move to, keep waiting up to a limit.
      if (clock.nextDueAt() !== Number.POSITIVE_INFINITY) return
      stalledSince ??= performance.now()
      if (performance.now() - stalledSince > GIVE_UP_MS) return
    }
  }

  async function advance(ms: number, options: { until?: () => boolean; onWindow?: () => void } = {}) {
    const end = clock.now() + ms
    for (;;) {
      const next = clock.nextDueAt()
      if (next > end) break
      clock.runUntil(Math.min(end, Math.max(next, clock.now()) + quantumMs))
      await settle()
      options.onWindow?.()
      if (options.until?.()) return true
    }
    clock.runUntil(end)
    await settle()
    options.onWindow?.()
    return options.until?.() ?? false
  }

  async function run<T>(action: Promise<T>): Promise<T> {
    let done = false
    const finish = () => {
      done = true
    }
    action.then(finish, finish)
    let step = ACTION_STEP_MS
    let waitingSince: number | null = null
    for (;;) {
      await settle()
      if (done) return action
      await realPause()
      if (done) return action
      const next = clock.nextDueAt()
      if (next === Number.POSITIVE_INFINITY) {
        // Nothing will ever move it on: no timer, no request answering.
        waitingSince ??= performance.now()
        if (performance.now() - waitingSince > GIVE_UP_MS) throw new Error('the action never finished')
        continue
      }
      waitingSince = null
      clock.runUntil(Math.min(next, clock.now() + step))
      step *= 2
    }
  }

  return { clock, simulated: true, elapsed: () => clock.now() - startedAt, settle, advance, run }
}

export function realTimeline(traffic: Traffic, clock: Clock = systemClock, windowMs = 250): Timeline {
  const startedAt = clock.now()
  /** Until no request is in flight for two turns of the event loop (an answer often sends the next request). */
  async function settle(): Promise<void> {
    const started = performance.now()
    let quiet = 0
    while (quiet < 2 && performance.now() - started < GIVE_UP_MS) {
      if (traffic.inFlight() > 0) {
        quiet = 0
        await Promise.race([traffic.nextCompletion(), delay(windowMs)])
        continue
      }
      await immediate()
      if (traffic.inFlight() === 0) quiet++
    }
  }
  return {
    clock,
    simulated: false,
    elapsed: () => clock.now() - startedAt,
    settle,
    async advance(ms, options = {}) {
      const end = clock.now() + ms
      for (;;) {
        const left = end - clock.now()
        if (left <= 0) break
        await delay(Math.min(windowMs, left))
        options.onWindow?.()
        if (options.until?.()) return true
      }
      return options.until?.() ?? false
    },
    async run(action) {
      const result = await action
      await settle()
      return result
    },
  }
}

const immediate = () => new Promise<void>((resolve) => setImmediate(resolve))
const realPause = () => new Promise<void>((resolve) => setTimeout(resolve, STALL_MS))
const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
