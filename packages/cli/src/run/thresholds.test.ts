import { describe, expect, it } from 'vitest'
import { createLatencyHistogram } from './latency-histogram.ts'
import { summarize } from './summary.ts'
import { evaluateThresholds, parseThreshold, type Threshold } from './thresholds.ts'
import type { RunTotals } from './totals.ts'

const HEARTBEAT = 'POST /api/v2/session-tracker/heartbeat'
const WATCH = 'POST /api/v2/session-tracker/watch'

function histogram(...ms: number[]) {
  const h = createLatencyHistogram()
  for (const value of ms) h.record(value)
  return h.toJSON()
}

/** 100 heartbeats at 1 ms with 2 failed, 10 watch calls at 40 ms; 10 watching and 90 idle device-hours. */
function totals(): RunTotals {
  const heartbeat = histogram(...Array.from({ length: 100 }, () => 1))
  const watch = histogram(...Array.from({ length: 10 }, () => 40))
  const all = createLatencyHistogram()
  all.merge(heartbeat)
  all.merge(watch)
  return {
    simulatedMs: 3_600_000,
    devices: 100,
    signedInAtEnd: 100,
    registeredAtEnd: 100,
    watchingAtEnd: 10,
    traffic: {
      byEndpoint: { [HEARTBEAT]: { '200': 97, '503': 1, '0': 2 }, [WATCH]: { '200': 10 } },
      latency: all.toJSON(),
      latencyByEndpoint: { [HEARTBEAT]: heartbeat, [WATCH]: watch },
    },
    events: { deviceLimitReached: 3, videoConflict: 1 },
    evictions: { removed: 2 },
    notices: {},
    warnings: {},
    heartbeats: { watching: 600, idle: 270 },
    registeredMs: { watching: 10 * 3_600_000, idle: 90 * 3_600_000 },
    tokenRefreshes: 0,
  }
}

function judge(...texts: string[]) {
  const run = totals()
  const summary = summarize(run, { command: 'simulate', target: 'test', clock: 'virtual', wallMs: 1000 })
  const thresholds = texts.map((text) => {
    const parsed = parseThreshold(text)
    if (!parsed.ok) throw new Error(parsed.message)
    return parsed.threshold as Threshold
  })
  return evaluateThresholds(thresholds, { summary, totals: run })
}

describe('thresholds', () => {
  it('reads METRIC[{SELECTOR}] OP VALUE, spaces around the operator allowed, seconds as ms', () => {
    expect(parseThreshold('p95 < 0.2s')).toEqual({
      ok: true,
      threshold: { text: 'p95<0.2s', metric: 'p95', selector: undefined, op: '<', value: 200, percent: false },
    })
    expect(parseThreshold('p99{heartbeat}<=50ms')).toMatchObject({
      ok: true,
      threshold: { metric: 'p99', selector: 'heartbeat', op: '<=', value: 50 },
    })
    expect(parseThreshold('errors<1%')).toMatchObject({ ok: true, threshold: { percent: true, value: 1 } })
  })

  it('refuses what it cannot measure, saying why', () => {
    expect(parseThreshold('p42<10')).toEqual({
      ok: false,
      message: expect.stringContaining('unknown metric "p42"; known: p50, p95, p99, max, errors'),
    })
    expect(parseThreshold('p95 200')).toMatchObject({
      ok: false,
      message: expect.stringContaining('METRIC[{SELECTOR}] OP VALUE'),
    })
    expect(parseThreshold('evictions<5ms')).toMatchObject({
      ok: false,
      message: expect.stringContaining('unit of latency'),
    })
    expect(parseThreshold('heartbeats{busy}>1')).toMatchObject({
      ok: false,
      message: expect.stringContaining('{watching} or {idle}'),
    })
    expect(parseThreshold('device-limit{x}==0')).toMatchObject({
      ok: false,
      message: expect.stringContaining('takes no selector'),
    })
  })

  it('measures latency overall and per endpoint (by contract name, label or path)', () => {
    const results = judge('p95<10ms', 'p95{heartbeat}<2', `max{${WATCH}}<30`, 'p50{/api/v2/session-tracker/watch}>=39')
    expect(results.map((r) => r.ok)).toEqual([false, true, false, true])
    expect(results[0]!.measured).toMatch(/^p95 4\d(\.\d+)? ms$/)
    expect(results[1]!.measured).toMatch(new RegExp(`^p95 of ${HEARTBEAT} 1(\\.\\d+)? ms$`))
  })

  it('measures errors as a share or a count, heartbeats per device-hour, and event counts', () => {
    const results = judge(
      'errors<1%',
      'errors{heartbeat}==3',
      'errors{watch}==0',
      'heartbeats{watching}>=60',
      'heartbeats{idle}<3',
      'heartbeats>=8.7',
      'device-limit<=3',
      'conflicts==0',
      'evictions{removed}==2',
      'evictions{forced}>0',
    )
    expect(results.map((r) => [r.threshold, r.ok, r.actual])).toEqual([
      ['errors<1%', false, 2.727],
      ['errors{heartbeat}==3', true, 3],
      ['errors{watch}==0', true, 0],
      ['heartbeats{watching}>=60', true, 60],
      ['heartbeats{idle}<3', false, 3],
      ['heartbeats>=8.7', true, 8.7],
      ['device-limit<=3', true, 3],
      ['conflicts==0', false, 1],
      ['evictions{removed}==2', true, 2],
      ['evictions{forced}>0', false, 0],
    ])
  })

  it('fails a threshold with nothing to measure', () => {
    const [result] = judge('p95{force-logout}<100')
    expect(result).toMatchObject({ ok: false, actual: null })
    expect(result!.measured).toContain('no requests')
  })
})
