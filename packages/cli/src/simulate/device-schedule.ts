import { createRandom, type Random } from './seeded-random.ts'

/**
 * The seeded random life of one simulated device: when it signs in, how long it idles and watches,
 * what it watches, and how its person reacts to the device limit and to a video conflict. Each
 * device draws from its own stream of the seed, so a device does the same whichever worker thread
 * runs it and however many devices there are.
 */
export interface DeviceSchedule {
  readonly userAgent: string
  /** When the device signs in, in ms after the run starts. */
  readonly signInAfterMs: number
  /** Whether the first stretch after signing in is a watch (else idle). */
  startsWatching(): boolean
  /** How long the next idle stretch lasts. */
  idleMs(): number
  /** How long the next watch lasts. */
  watchMs(): number
  video(): string
  /** After a video conflict: end the other device's watch and play here (else give up this time). */
  takesOverConflict(): boolean
  /** How long the person thinks before removing the oldest device in the device-limit dialog. */
  limitThinkMs(): number
  /** After being evicted: how long until the device signs back in. */
  returnAfterMs(): number
}

export interface ScheduleSettings {
  seed: string
  /** Share of registered time spent watching, 0..1. */
  watchRatio: number
  /** Sign-ins are spread evenly over this span from the start. */
  rampUpMs: number
}

/** A lesson is watched for 10 to 50 minutes: mean 30. */
const WATCH_MIN_MS = 10 * 60_000
const WATCH_MAX_MS = 50 * 60_000
const MEAN_WATCH_MS = (WATCH_MIN_MS + WATCH_MAX_MS) / 2
const VIDEOS = Array.from({ length: 18 }, (_, i) => `lesson-${String(i + 1).padStart(2, '0')}`)
const CONFLICT_TAKEOVER_CHANCE = 0.5
const LIMIT_THINK_MIN_MS = 5_000
const LIMIT_THINK_MAX_MS = 60_000
const RETURN_MIN_MS = 30 * 60_000
const RETURN_MAX_MS = 4 * 60 * 60_000

/** Browsers a learner might use; the device list shows them. */
export const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; SM-S918N) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (iPad; CPU OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
] as const

export function deviceSchedule(index: number, settings: ScheduleSettings): DeviceSchedule {
  const random: Random = createRandom(settings.seed, `device-${index}`)
  const ratio = Math.min(1, Math.max(0, settings.watchRatio))
  // Idle stretches are as long as makes the watched share come out at the ratio on average.
  const meanIdleMs = ratio === 0 ? Number.POSITIVE_INFINITY : (MEAN_WATCH_MS * (1 - ratio)) / ratio
  const userAgent = random.pick(USER_AGENTS)
  const signInAfterMs = Math.floor(random.between(0, settings.rampUpMs))
  return {
    userAgent,
    signInAfterMs,
    startsWatching: () => random.chance(ratio),
    idleMs: () => (meanIdleMs === Number.POSITIVE_INFINITY ? meanIdleMs : Math.round(random.exponential(meanIdleMs))),
    watchMs: () => Math.round(random.between(WATCH_MIN_MS, WATCH_MAX_MS)),
    video: () => random.pick(VIDEOS),
    takesOverConflict: () => random.chance(CONFLICT_TAKEOVER_CHANCE),
    limitThinkMs: () => Math.round(random.between(LIMIT_THINK_MIN_MS, LIMIT_THINK_MAX_MS)),
    returnAfterMs: () => Math.round(random.between(RETURN_MIN_MS, RETURN_MAX_MS)),
  }
}
