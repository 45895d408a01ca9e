import { HOUR } from '@coursekit/core/clock'
import { createLatencyHistogram, type LatencyHistogramData } from './latency-histogram.ts'
import type { RunTotals } from './totals.ts'

/**
 * The final object of a run: the last line of `--json`, and what the summary table shows.
 */
export interface RunSummary {
  type: 'summary'
  command: 'simulate' | 'scenario'
  target: string
  clock: 'virtual' | 'real'
  devices: number
  simulatedMs: number
  wallMs: number
  requests: {
    total: number
    /** Requests per second of wall time. */
    perSecond: number
    byEndpoint: {
      endpoint: string
      total: number
      statuses: Record<string, number>
      /** This endpoint's requests; null when none finished. */
      latencyMs: LatencyPercentiles | null
    }[]
  }
  /** Per request: wall time plus any simulated time it waited (see Traffic). Null without requests. */
  latencyMs: LatencyPercentiles | null
  heartbeatsPerDeviceHour: { watching: number | null; idle: number | null }
  deviceHours: { watching: number; idle: number }
  deviceLimitEvents: number
  videoConflicts: number
  evictions: { total: number; byReason: Record<string, number> }
  errors: {
    /** Requests that failed (status 0: network, offline) or got a 5xx. */
    total: number
    network: number
    server: number
    /** Error toasts the devices showed, by message. */
    notices: { message: string; count: number }[]
  }
  /** Warning toasts the devices showed (the device-limit notice), by message: expected, not errors. */
  warnings: { message: string; count: number }[]
  devicesAtEnd: { signedIn: number; registered: number; watching: number }
  tokenRefreshes: number
  /** Every event by name. */
  events: Record<string, number>
}

export interface LatencyPercentiles {
  p50: number
  p95: number
  p99: number
  max: number
}

const byCount = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([message, count]) => ({ message, count }))
    .sort((a, b) => b.count - a.count)
/** p50, p95, p99 and max of a histogram, to the microsecond; null when it is empty. */
export function latencyPercentiles(data: LatencyHistogramData | undefined): LatencyPercentiles | null {
  if (!data || data.total === 0) return null
  const latency = createLatencyHistogram()
  latency.merge(data)
  const round = (ms: number | null) => Math.round((ms ?? 0) * 1000) / 1000
  return {
    p50: round(latency.quantile(0.5)),
    p95: round(latency.quantile(0.95)),
    p99: round(latency.quantile(0.99)),
    max: round(latency.max()),
  }
}

export function summarize(
  totals: RunTotals,
  meta: { command: RunSummary['command']; target: string; clock: RunSummary['clock']; wallMs: number },
  extra: Record<string, unknown> = {},
): RunSummary & Record<string, unknown> {
  const byEndpoint = Object.entries(totals.traffic.byEndpoint)
    .map(([endpoint, statuses]) => ({
      endpoint,
      total: Object.values(statuses).reduce((sum, n) => sum + n, 0),
      statuses,
      latencyMs: latencyPercentiles(totals.traffic.latencyByEndpoint?.[endpoint]),
    }))
    .sort((a, b) => b.total - a.total || a.endpoint.localeCompare(b.endpoint))
  const total = byEndpoint.reduce((sum, row) => sum + row.total, 0)
  let network = 0
  let server = 0
  for (const row of byEndpoint) {
    for (const [status, n] of Object.entries(row.statuses)) {
      if (status === '0') network += n
      else if (Number(status) >= 500) server += n
    }
  }
  const hours = { watching: totals.registeredMs.watching / HOUR, idle: totals.registeredMs.idle / HOUR }
  const rate = (count: number, deviceHours: number) =>
    deviceHours > 0 ? Math.round((count / deviceHours) * 100) / 100 : null
  return {
    type: 'summary',
    command: meta.command,
    target: meta.target,
    clock: meta.clock,
    ...extra,
    devices: totals.devices,
    simulatedMs: totals.simulatedMs,
    wallMs: Math.round(meta.wallMs),
    requests: {
      total,
      perSecond: meta.wallMs > 0 ? Math.round((total / meta.wallMs) * 1000) : 0,
      byEndpoint,
    },
    latencyMs: latencyPercentiles(totals.traffic.latency),
    heartbeatsPerDeviceHour: {
      watching: rate(totals.heartbeats.watching, hours.watching),
      idle: rate(totals.heartbeats.idle, hours.idle),
    },
    deviceHours: { watching: Math.round(hours.watching * 100) / 100, idle: Math.round(hours.idle * 100) / 100 },
    deviceLimitEvents: totals.events.deviceLimitReached ?? 0,
    videoConflicts: totals.events.videoConflict ?? 0,
    evictions: {
      total: Object.values(totals.evictions).reduce((sum, n) => sum + n, 0),
      byReason: totals.evictions,
    },
    errors: {
      total: network + server,
      network,
      server,
      notices: byCount(totals.notices),
    },
    warnings: byCount(totals.warnings),
    devicesAtEnd: {
      signedIn: totals.signedInAtEnd,
      registered: totals.registeredAtEnd,
      watching: totals.watchingAtEnd,
    },
    tokenRefreshes: totals.tokenRefreshes,
    events: totals.events,
  }
}
