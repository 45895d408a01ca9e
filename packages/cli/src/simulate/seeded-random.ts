/**
 * A small seeded generator (mulberry32 over a string hash): the same seed gives the same schedule,
 * whichever worker thread runs a device, because each device draws from its own stream.
 */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number
  /** Uniform in [min, max). */
  between(min: number, max: number): number
  /** Exponentially distributed with the given mean (0 for a mean of 0). */
  exponential(mean: number): number
  /** True with probability p. */
  chance(p: number): boolean
  pick<T>(items: readonly T[]): T
}

export function createRandom(seed: string | number, stream = ''): Random {
  let state = hash(`${seed}:${stream}`)
  const next = (): number => {
    state = (state + 0x6d2b79f5) | 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    between: (min, max) => min + (max - min) * next(),
    exponential: (mean) => (mean <= 0 ? 0 : -mean * Math.log(1 - next())),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)]!,
  }
}

/** FNV-1a, 32 bits. */
function hash(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}
