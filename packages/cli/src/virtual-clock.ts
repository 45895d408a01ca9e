import type { Clock } from '@coursekit/core'

/**
 * Simulated time for thousands of devices. It has the core's Clock shape (and the mock backend's),
 * so one instance drives every client and the embedded backend together.
 *
 * Why not the core's `createSimulatedClock`: @sinonjs/fake-timers looks through every pending
 * timer to find the next one, so firing a timer costs O(timers); 10,000 devices keep ~30,000 timers
 * and fire millions over a day. Here the timers sit in a binary heap: O(log n) per timer.
 */
export interface VirtualClock extends Clock {
  /** When the next live timer is due, or Infinity. */
  nextDueAt(): number
  /**
   * Runs every timer due at or before `time`, in due order (ties in the order they were set),
   * moving `now()` to each; timers they set that fall due by `time` run too. Ends with now = time.
   */
  runUntil(time: number): void
  /** How many timers are waiting. */
  pendingTimers(): number
  /**
   * While `runUntil(time)` runs: `time`, else now. Work started inside a window is answered at its
   * end at the earliest, so waiting measured from here is waiting on the clock, not on the window.
   */
  horizon(): number
}

interface Timer {
  at: number
  seq: number
  callback: (() => void) | null
}

/** Default start: the same fixed instant as the core's simulated clock, so runs are reproducible. */
export const VIRTUAL_CLOCK_START_MS = Date.UTC(2026, 10, 2, 9, 0, 0)

export function createVirtualClock(startMs: number = VIRTUAL_CLOCK_START_MS): VirtualClock {
  let now = startMs
  let seq = 0
  let live = 0
  let runningUntil: number | null = null
  const heap: Timer[] = []

  const earlier = (a: Timer, b: Timer) => a.at < b.at || (a.at === b.at && a.seq < b.seq)

  // Sifting moves a hole instead of swapping pairs: a destructuring swap allocates an array.
  function push(timer: Timer): void {
    let i = heap.length
    heap.push(timer)
    while (i > 0) {
      const parent = (i - 1) >> 1
      const above = heap[parent]!
      if (!earlier(timer, above)) break
      heap[i] = above
      i = parent
    }
    heap[i] = timer
  }

  function pop(): Timer | undefined {
    const top = heap[0]
    const last = heap.pop()
    const size = heap.length
    if (size === 0 || !last) return top
    let i = 0
    for (;;) {
      const left = 2 * i + 1
      if (left >= size) break
      const right = left + 1
      const child = right < size && earlier(heap[right]!, heap[left]!) ? right : left
      const below = heap[child]!
      if (!earlier(below, last)) break
      heap[i] = below
      i = child
    }
    heap[i] = last
    return top
  }

  /** Cancelled timers stay in the heap with no callback; they are dropped when they reach the top. */
  function dropCancelled(): void {
    while (heap.length > 0 && heap[0]!.callback === null) pop()
  }

  return {
    now: () => now,
    setTimeout(callback, ms) {
      const delay = Number.isFinite(ms) && ms > 0 ? ms : 0
      const timer: Timer = { at: now + delay, seq: seq++, callback }
      push(timer)
      live++
      return timer
    },
    clearTimeout(handle) {
      const timer = handle as Timer | null | undefined
      if (!timer || typeof timer !== 'object' || timer.callback === null) return
      timer.callback = null
      live--
    },
    nextDueAt() {
      dropCancelled()
      return heap[0]?.at ?? Number.POSITIVE_INFINITY
    },
    runUntil(time) {
      runningUntil = Math.max(time, now)
      try {
        runDue(time)
      } finally {
        runningUntil = null
      }
      if (time > now) now = time
    },
    pendingTimers: () => live,
    horizon: () => runningUntil ?? now,
  }

  function runDue(time: number): void {
    for (;;) {
      dropCancelled()
      const next = heap[0]
      if (!next || next.at > time) break
      pop()
      const callback = next.callback!
      next.callback = null
      live--
      if (next.at > now) now = next.at
      callback()
    }
  }
}
