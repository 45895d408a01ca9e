/**
 * A run over simulated time, for the HTML report: samples taken every `stepMs` of the run's clock
 * (never per request), as plain data that worker threads send and that adds up across them, since
 * each thread runs its own users on the same schedule of sample times.
 *
 * Gauges (signed in, registered, watching) are the value at the sample; counters (requests by
 * endpoint, heartbeats, device-limit events, conflicts, evictions) are running totals, so the rate
 * between two samples is their difference.
 */
export interface RunSeries {
  stepMs: number
  /** Simulated ms since the run began, one per sample. */
  t: number[]
  signedIn: number[]
  registered: number[]
  watching: number[]
  /** Endpoint label -> finished requests so far. */
  requests: Record<string, number[]>
  heartbeats: number[]
  deviceLimitEvents: number[]
  videoConflicts: number[]
  evictions: number[]
}

/** What a sample reads from the run. */
export interface SeriesSnapshot {
  signedIn: number
  registered: number
  watching: number
  requests: Record<string, number>
  heartbeats: number
  deviceLimitEvents: number
  videoConflicts: number
  evictions: number
}

type Scalar = Exclude<keyof RunSeries, 'stepMs' | 't' | 'requests'>
const SCALARS: Scalar[] = [
  'signedIn',
  'registered',
  'watching',
  'heartbeats',
  'deviceLimitEvents',
  'videoConflicts',
  'evictions',
]

/** Sample steps a run may take: a few hundred samples over its length, at a round interval. */
const STEPS_MS = [1, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600].map((seconds) => seconds * 1000)
const TARGET_SAMPLES = 300

export function seriesStep(durationMs: number): number {
  return STEPS_MS.find((step) => durationMs / step <= TARGET_SAMPLES) ?? STEPS_MS.at(-1)!
}

export interface SeriesSampler {
  /** After a window of simulated time: takes the samples whose times have passed. Cheap otherwise. */
  at(elapsedMs: number): void
  /** At the end of the run: a last sample at its end. */
  finish(elapsedMs: number): RunSeries
}

export function createSeriesSampler(stepMs: number, read: () => SeriesSnapshot): SeriesSampler {
  const series = emptySeries(stepMs)
  let nextAt = 0
  const take = (t: number) => {
    const snapshot = read()
    const index = series.t.length
    series.t.push(t)
    for (const key of SCALARS) series[key].push(snapshot[key])
    for (const [label, count] of Object.entries(snapshot.requests)) {
      const column = series.requests[label] ?? new Array<number>(index).fill(0)
      series.requests[label] = column
      column.push(count)
    }
    for (const column of Object.values(series.requests)) if (column.length === index) column.push(column.at(-1) ?? 0)
  }
  return {
    at(elapsedMs) {
      if (elapsedMs < nextAt) return
      // Time may jump over several sample times at once when nothing is due: they all read the same.
      while (nextAt <= elapsedMs) {
        take(nextAt)
        nextAt += stepMs
      }
    },
    finish(elapsedMs) {
      while (nextAt <= elapsedMs) {
        take(nextAt)
        nextAt += stepMs
      }
      if (series.t.at(-1) !== elapsedMs) take(elapsedMs)
      return series
    },
  }
}

/** Adds up the series of worker threads sample by sample (to the shortest, should one have stopped early). */
export function mergeSeries(parts: readonly (RunSeries | undefined)[]): RunSeries | undefined {
  const present = parts.filter((part): part is RunSeries => part !== undefined)
  if (present.length === 0) return undefined
  const length = Math.min(...present.map((part) => part.t.length))
  const merged = emptySeries(present[0]!.stepMs)
  merged.t = present[0]!.t.slice(0, length)
  for (const key of SCALARS) merged[key] = new Array<number>(length).fill(0)
  for (const part of present) {
    for (const key of SCALARS) for (let i = 0; i < length; i++) merged[key][i]! += part[key][i]!
    for (const [label, column] of Object.entries(part.requests)) {
      const into = merged.requests[label] ?? new Array<number>(length).fill(0)
      merged.requests[label] = into
      for (let i = 0; i < length; i++) into[i]! += column[i]!
    }
  }
  return merged
}

function emptySeries(stepMs: number): RunSeries {
  return {
    stepMs,
    t: [],
    signedIn: [],
    registered: [],
    watching: [],
    requests: {},
    heartbeats: [],
    deviceLimitEvents: [],
    videoConflicts: [],
    evictions: [],
  }
}
