/** A timer of the simulated clock; its handle. A cleared timer keeps its place with no callback. */
export interface Timer {
  at: number
  /** Order of setting: timers due at the same time run in the order they were set. */
  seq: number
  callback: (() => void) | null
}

/**
 * The simulated clock's pending timers as a binary min-heap on (at, seq): O(log n) to set or fire a
 * timer, so 10,000 simulated devices (~30,000 timers, millions fired a day) stay fast. Cleared timers
 * are not searched for; they stay in place without a callback until they reach the top.
 */
export interface TimerHeap {
  readonly timers: Timer[]
  push(timer: Timer): void
  /** The earliest timer not cleared, dropping cleared ones found on top; undefined if none. */
  peek(): Timer | undefined
  pop(): Timer | undefined
}

const earlier = (a: Timer, b: Timer) => a.at < b.at || (a.at === b.at && a.seq < b.seq)

export function createTimerHeap(): TimerHeap {
  const timers: Timer[] = []

  // Sifting moves a hole instead of swapping pairs: a destructuring swap allocates an array.
  function push(timer: Timer): void {
    let i = timers.length
    timers.push(timer)
    while (i > 0) {
      const parent = (i - 1) >> 1
      const above = timers[parent]!
      if (!earlier(timer, above)) break
      timers[i] = above
      i = parent
    }
    timers[i] = timer
  }

  function pop(): Timer | undefined {
    const top = timers[0]
    const last = timers.pop()
    const size = timers.length
    if (size === 0 || !last) return top
    let i = 0
    for (;;) {
      const left = 2 * i + 1
      if (left >= size) break
      const right = left + 1
      const child = right < size && earlier(timers[right]!, timers[left]!) ? right : left
      const below = timers[child]!
      if (!earlier(below, last)) break
      timers[i] = below
      i = child
    }
    timers[i] = last
    return top
  }

  function peek(): Timer | undefined {
    while (timers.length > 0 && timers[0]!.callback === null) pop()
    return timers[0]
  }

  return { timers, push, peek, pop }
}
