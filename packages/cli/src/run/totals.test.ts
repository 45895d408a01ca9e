import { describe, expect, it } from 'vitest'
import { createLatencyHistogram } from './latency-histogram.ts'
import { summarize } from './summary.ts'
import { mergeTotals, type RunTotals } from './totals.ts'

const HEARTBEAT = 'POST /api/v2/session-tracker/heartbeat'
const WATCH = 'POST /api/v2/session-tracker/watch'

function part(latencies: Record<string, number[]>): RunTotals {
  const all = createLatencyHistogram()
  const byEndpoint: RunTotals['traffic']['byEndpoint'] = {}
  const latencyByEndpoint: RunTotals['traffic']['latencyByEndpoint'] = {}
  for (const [label, values] of Object.entries(latencies)) {
    const h = createLatencyHistogram()
    for (const ms of values) h.record(ms)
    latencyByEndpoint[label] = h.toJSON()
    byEndpoint[label] = { '200': values.length }
    all.merge(h.toJSON())
  }
  return {
    simulatedMs: 1000,
    devices: 1,
    signedInAtEnd: 1,
    registeredAtEnd: 1,
    watchingAtEnd: 0,
    traffic: { byEndpoint, latency: all.toJSON(), latencyByEndpoint },
    events: {},
    evictions: {},
    notices: {},
    warnings: {},
    heartbeats: { watching: 0, idle: 0 },
    registeredMs: { watching: 0, idle: 0 },
    tokenRefreshes: 0,
  }
}

describe('run totals across worker threads', () => {
  it('add up each endpoint’s latency histogram, so the summary’s per-endpoint percentiles are of all threads', () => {
    const fast = Array.from({ length: 90 }, () => 1)
    const slow = Array.from({ length: 10 }, () => 100)
    const merged = mergeTotals([part({ [HEARTBEAT]: fast }), part({ [HEARTBEAT]: slow, [WATCH]: [5, 5] })])
    expect(merged.traffic.latencyByEndpoint[HEARTBEAT]?.total).toBe(100)
    const summary = summarize(merged, { command: 'simulate', target: 'test', clock: 'virtual', wallMs: 1 })
    const heartbeat = summary.requests.byEndpoint.find((row) => row.endpoint === HEARTBEAT)!
    expect(heartbeat.total).toBe(100)
    // p50 from the first thread, p95 from the second: only a merged histogram has both.
    expect(heartbeat.latencyMs?.p50).toBeCloseTo(1, 1)
    expect(heartbeat.latencyMs?.p95).toBeGreaterThan(95)
    expect(heartbeat.latencyMs?.max).toBe(100)
    expect(summary.requests.byEndpoint.find((row) => row.endpoint === WATCH)?.latencyMs?.p99).toBeCloseTo(5, 0)
    expect(summary.latencyMs?.max).toBe(100)
  })
})
