import type { SimulatedDevice } from './device.ts'
import type { RunEvent } from './events.ts'
import type { LatencyHistogramData } from './latency-histogram.ts'
import { mergeSeries, type RunSeries } from './series.ts'
import type { TrafficStats } from './traffic.ts'

/**
 * The counts a run ends with, as plain data: worker threads each send theirs, and they add up.
 */
export interface RunTotals {
  simulatedMs: number
  devices: number
  signedInAtEnd: number
  registeredAtEnd: number
  watchingAtEnd: number
  traffic: TrafficStats
  /** Event name -> count. */
  events: Record<string, number>
  /** Eviction reason -> count. */
  evictions: Record<string, number>
  /** Error toasts the devices showed: message -> count. */
  notices: Record<string, number>
  /** Warning toasts (the device-limit notice): message -> count. Expected in a run, so not errors. */
  warnings: Record<string, number>
  heartbeats: { watching: number; idle: number }
  /** Time devices spent registered, by whether a video played. */
  registeredMs: { watching: number; idle: number }
  tokenRefreshes: number
  /** Why the run stopped before its end on its own (no device could sign in); absent otherwise. */
  gaveUp?: string
  /** The run over time (simulate runs sample it; scenarios do not). */
  series?: RunSeries
}

/** Counts events as they happen (the rest of the totals is read from the devices at the end). */
export interface EventTally {
  observe(event: RunEvent): void
  events: Record<string, number>
  evictions: Record<string, number>
  notices: Record<string, number>
  warnings: Record<string, number>
}

export function createEventTally(): EventTally {
  const tally: EventTally = {
    events: {},
    evictions: {},
    notices: {},
    warnings: {},
    observe(event) {
      tally.events[event.event] = (tally.events[event.event] ?? 0) + 1
      if (event.event === 'evicted') {
        const reason = String(event.reason)
        tally.evictions[reason] = (tally.evictions[reason] ?? 0) + 1
      }
      if (event.event === 'notice' && (event.kind === 'error' || event.kind === 'warning')) {
        const into = event.kind === 'error' ? tally.notices : tally.warnings
        const message = String(event.message)
        into[message] = (into[message] ?? 0) + 1
      }
    },
  }
  return tally
}

export function collectTotals(input: {
  devices: readonly SimulatedDevice[]
  tally: EventTally
  traffic: TrafficStats
  simulatedMs: number
}): RunTotals {
  const totals: RunTotals = {
    simulatedMs: input.simulatedMs,
    devices: input.devices.length,
    signedInAtEnd: 0,
    registeredAtEnd: 0,
    watchingAtEnd: 0,
    traffic: input.traffic,
    events: { ...input.tally.events },
    evictions: { ...input.tally.evictions },
    notices: { ...input.tally.notices },
    warnings: { ...input.tally.warnings },
    heartbeats: { watching: 0, idle: 0 },
    registeredMs: { watching: 0, idle: 0 },
    tokenRefreshes: 0,
  }
  for (const device of input.devices) {
    const state = device.state()
    if (device.userId() !== null && !device.crashed) totals.signedInAtEnd++
    if (state?.isInitialized) totals.registeredAtEnd++
    if (state?.isInitialized && state.isWatchingVideo) totals.watchingAtEnd++
    totals.heartbeats.watching += device.counts.heartbeatsWatching
    totals.heartbeats.idle += device.counts.heartbeatsIdle
    const time = device.registeredTime()
    totals.registeredMs.watching += time.watchingMs
    totals.registeredMs.idle += time.idleMs
    totals.tokenRefreshes += device.counts.tokenRefreshes
  }
  return totals
}

export function mergeTotals(parts: readonly RunTotals[]): RunTotals {
  const merged: RunTotals = {
    simulatedMs: 0,
    devices: 0,
    signedInAtEnd: 0,
    registeredAtEnd: 0,
    watchingAtEnd: 0,
    traffic: { byEndpoint: {}, latency: { counts: [], total: 0, maxMs: 0 }, latencyByEndpoint: {} },
    events: {},
    evictions: {},
    notices: {},
    warnings: {},
    heartbeats: { watching: 0, idle: 0 },
    registeredMs: { watching: 0, idle: 0 },
    tokenRefreshes: 0,
  }
  for (const part of parts) {
    merged.simulatedMs = Math.max(merged.simulatedMs, part.simulatedMs)
    merged.devices += part.devices
    merged.signedInAtEnd += part.signedInAtEnd
    merged.registeredAtEnd += part.registeredAtEnd
    merged.watchingAtEnd += part.watchingAtEnd
    for (const [label, statuses] of Object.entries(part.traffic.byEndpoint)) {
      const into = merged.traffic.byEndpoint[label] ?? {}
      merged.traffic.byEndpoint[label] = into
      addCounts(into, statuses)
    }
    addHistogram(merged.traffic.latency, part.traffic.latency)
    for (const [label, latency] of Object.entries(part.traffic.latencyByEndpoint)) {
      const into = merged.traffic.latencyByEndpoint[label] ?? { counts: [], total: 0, maxMs: 0 }
      merged.traffic.latencyByEndpoint[label] = into
      addHistogram(into, latency)
    }
    addCounts(merged.events, part.events)
    addCounts(merged.evictions, part.evictions)
    addCounts(merged.notices, part.notices)
    addCounts(merged.warnings, part.warnings)
    merged.heartbeats.watching += part.heartbeats.watching
    merged.heartbeats.idle += part.heartbeats.idle
    merged.registeredMs.watching += part.registeredMs.watching
    merged.registeredMs.idle += part.registeredMs.idle
    merged.tokenRefreshes += part.tokenRefreshes
    if (part.gaveUp !== undefined) merged.gaveUp ??= part.gaveUp
  }
  const series = mergeSeries(parts.map((part) => part.series))
  if (series) merged.series = series
  return merged
}

function addHistogram(into: LatencyHistogramData, from: LatencyHistogramData): void {
  from.counts.forEach((n, i) => {
    into.counts[i] = (into.counts[i] ?? 0) + n
  })
  into.total += from.total
  into.maxMs = Math.max(into.maxMs, from.maxMs)
}

function addCounts(into: Record<string, number>, from: Record<string, number>): void {
  for (const [key, n] of Object.entries(from)) into[key] = (into[key] ?? 0) + n
}
