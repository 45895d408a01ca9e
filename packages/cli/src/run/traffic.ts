import type { Clock, FetchLike } from '@coursekit/core'
import { createEndpointLabeler } from './endpoint-label.ts'
import { createLatencyHistogram, type LatencyHistogram, type LatencyHistogramData } from './latency-histogram.ts'

/** What one device's transport reports, so the device can count its own requests. */
export interface RequestTap {
  /** A request is going out; `label` names its endpoint. */
  sent(label: string): void
}

/**
 * Every request of a run, counted where it leaves the device: by endpoint and status, with its
 * latency, and whether any are still on the way. Status 0 is a request that got no answer
 * (network failure, offline, aborted).
 *
 * Latency is wall time, plus any simulated time the request waited (an injected latency fault
 * waits on the simulated clock): what a device would have seen.
 */
export interface Traffic {
  /** Wraps a device's transport. */
  wrap(fetch: FetchLike, tap?: RequestTap): FetchLike
  inFlight(): number
  /** Increments whenever a request finishes: a settle loop sees progress by it. */
  completions(): number
  /** Resolves the next time a request finishes (or at once when none is in flight). */
  nextCompletion(): Promise<void>
  total(): number
  /** Finished requests so far by endpoint label (a time series samples it). */
  finishedByEndpoint(): Record<string, number>
  stats(): TrafficStats
}

interface EndpointRecord {
  statuses: Map<number, number>
  latency: LatencyHistogram
  total: number
}

export interface TrafficStats {
  /** endpoint label -> status -> count */
  byEndpoint: Record<string, Record<string, number>>
  /** All requests' latencies. */
  latency: LatencyHistogramData
  /** endpoint label -> its requests' latencies */
  latencyByEndpoint: Record<string, LatencyHistogramData>
}

export interface TrafficOptions {
  clock: Clock
  /**
   * On a simulated clock: when a request starting now could be answered at the earliest (the end
   * of the window of timers it was sent in); simulated time that passes beyond it while the
   * request is in flight is time it waited on the clock and counts into its latency.
   */
  waitStart?: () => number
}

export function createTraffic(options: TrafficOptions): Traffic {
  const { clock, waitStart } = options
  const labeler = createEndpointLabeler()
  /** One record per endpoint, so a finished request costs one map look-up. */
  const byEndpoint = new Map<string, EndpointRecord>()
  let inFlight = 0
  let completions = 0
  let total = 0
  let waiters: (() => void)[] = []

  function recordOf(label: string): EndpointRecord {
    let record = byEndpoint.get(label)
    if (!record) {
      record = { statuses: new Map(), latency: createLatencyHistogram(), total: 0 }
      byEndpoint.set(label, record)
    }
    return record
  }

  function finished(label: string, status: number, wallStart: number, clockStart: number): void {
    inFlight--
    completions++
    const record = recordOf(label)
    record.statuses.set(status, (record.statuses.get(status) ?? 0) + 1)
    record.total++
    const waited = waitStart ? Math.max(0, clock.now() - clockStart) : 0
    record.latency.record(performance.now() - wallStart + waited)
    if (waiters.length > 0) {
      const ready = waiters
      waiters = []
      for (const resolve of ready) resolve()
    }
  }

  return {
    wrap(fetch, tap) {
      return async (input, init) => {
        const { method, url } = describe(input, init)
        const label = labeler.label(method, url)
        tap?.sent(label)
        total++
        inFlight++
        const wallStart = performance.now()
        const clockStart = waitStart ? waitStart() : 0
        let response: Response
        try {
          response = await fetch(input, init)
        } catch (error) {
          finished(label, 0, wallStart, clockStart)
          throw error
        }
        finished(label, response.status, wallStart, clockStart)
        return response
      }
    },
    inFlight: () => inFlight,
    completions: () => completions,
    nextCompletion: () =>
      inFlight === 0
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            waiters.push(resolve)
          }),
    total: () => total,
    finishedByEndpoint() {
      const finished: Record<string, number> = {}
      for (const [label, record] of byEndpoint) finished[label] = record.total
      return finished
    },
    stats() {
      const endpoints: TrafficStats['byEndpoint'] = {}
      const latencyByEndpoint: TrafficStats['latencyByEndpoint'] = {}
      const all = createLatencyHistogram()
      for (const [label, record] of byEndpoint) {
        endpoints[label] = Object.fromEntries([...record.statuses].map(([status, n]) => [String(status), n]))
        latencyByEndpoint[label] = record.latency.toJSON()
        all.merge(latencyByEndpoint[label])
      }
      return { byEndpoint: endpoints, latency: all.toJSON(), latencyByEndpoint }
    },
  }
}

function describe(input: RequestInfo | URL, init: RequestInit | undefined): { method: string; url: string } {
  if (typeof input === 'string') return { method: (init?.method ?? 'GET').toUpperCase(), url: input }
  if (input instanceof URL) return { method: (init?.method ?? 'GET').toUpperCase(), url: input.href }
  return { method: (init?.method ?? input.method).toUpperCase(), url: input.url }
}
