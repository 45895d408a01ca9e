import { HOUR } from '@coursekit/core/clock'
import { counted } from '../terminal/plural.ts'
import type { Style } from '../terminal/style.ts'
import { endpointMatcher } from './endpoint-label.ts'
import { createLatencyHistogram } from './latency-histogram.ts'
import { latencyPercentiles, type RunSummary } from './summary.ts'
import type { RunTotals } from './totals.ts'

/**
 * Pass/fail criteria of a run, as k6's thresholds and Artillery's `ensure`, one short expression
 * each: `METRIC[{SELECTOR}] OP VALUE`.
 *
 *   p95<200ms                  all requests' 95th percentile latency
 *   p99{heartbeat}<50          one endpoint (contract name, "POST /api/…" label, or path); ms
 *   errors<1%                  failed requests (network or 5xx) as a share of requests
 *   errors{heartbeat}==0       the same as a count
 *   heartbeats{watching}>=55   heartbeats per device-hour (watching, idle, or all without selector)
 *   device-limit<=10           device-limit events
 *   evictions{removed}==0      evictions (by reason with a selector)
 *   conflicts==0               video conflicts
 */
export interface Threshold {
  /** As written, without spaces. */
  text: string
  metric: Metric
  selector: string | undefined
  op: Op
  value: number
  /** `errors` with `%`: a share, not a count. */
  percent: boolean
}

export interface ThresholdResult {
  threshold: string
  ok: boolean
  /** The measured value, in the threshold's unit (ms, %, per device-hour, count); null when there was nothing to measure. */
  actual: number | null
  /** What was measured, for people. */
  measured: string
}

const n = (value: number) => value.toLocaleString('en-US')
const LATENCY = ['p50', 'p95', 'p99', 'max'] as const
const METRICS = [...LATENCY, 'errors', 'heartbeats', 'device-limit', 'evictions', 'conflicts'] as const
type Metric = (typeof METRICS)[number]
const OPS = ['<=', '>=', '==', '<', '>'] as const
type Op = (typeof OPS)[number]

const PATTERN = /^([a-z0-9-]+)(?:\{([^}]+)\})?(<=|>=|==|<|>)(-?\d+(?:\.\d+)?)(ms|s|%|\/h)?$/

export type ParsedThreshold = { ok: true; threshold: Threshold } | { ok: false; message: string }

export const THRESHOLD_HELP = `METRIC[{SELECTOR}] OP VALUE, e.g. "p95<200ms", "p99{heartbeat}<50", "errors<1%", "heartbeats{watching}>=55", "device-limit<=10", "evictions==0"; metrics: ${METRICS.join(', ')}`

export function parseThreshold(input: string): ParsedThreshold {
  const text = input.replace(/\s+(?=[<>=])|(?<=[<>=])\s+/g, '').trim()
  const match = PATTERN.exec(text)
  const bad = (why: string): ParsedThreshold => ({ ok: false, message: `threshold "${input}": ${why}` })
  if (!match) return bad(`not METRIC[{SELECTOR}] OP VALUE (${THRESHOLD_HELP})`)
  const [, name, selector, op, number, unit] = match
  if (!(METRICS as readonly string[]).includes(name!))
    return bad(`unknown metric "${name}"; known: ${METRICS.join(', ')}`)
  const metric = name as Metric
  let value = Number(number)
  const isLatency = (LATENCY as readonly string[]).includes(metric)
  if (unit === 's' || unit === 'ms') {
    if (!isLatency) return bad(`"${unit}" is a unit of latency (p50, p95, p99, max)`)
    if (unit === 's') value *= 1000
  }
  if (unit === '%' && metric !== 'errors') return bad('"%" is for errors (a share of requests)')
  if (unit === '/h' && metric !== 'heartbeats') return bad('"/h" is for heartbeats (per device-hour)')
  if (metric === 'heartbeats' && selector !== undefined && selector !== 'watching' && selector !== 'idle') {
    return bad('heartbeats take {watching} or {idle}, or no selector for all')
  }
  if ((metric === 'device-limit' || metric === 'conflicts') && selector !== undefined) {
    return bad(`${metric} takes no selector`)
  }
  return {
    ok: true,
    threshold: { text, metric, selector: selector?.trim(), op: op as Op, value, percent: unit === '%' },
  }
}

/** Measures each threshold on a finished run. */
export function evaluateThresholds(
  thresholds: readonly Threshold[],
  run: { summary: RunSummary; totals: RunTotals },
): ThresholdResult[] {
  return thresholds.map((threshold) => {
    const { actual, measured } = measure(threshold, run)
    const ok = actual !== null && compare(actual, threshold.op, threshold.value)
    return { threshold: threshold.text, ok, actual, measured }
  })
}

function measure(threshold: Threshold, { summary, totals }: { summary: RunSummary; totals: RunTotals }) {
  const { metric, selector } = threshold
  const matches = endpointMatcher(selector)
  const labels = Object.keys(totals.traffic.byEndpoint).filter(matches)
  const where =
    selector === undefined
      ? ''
      : ` of ${labels.length === 1 ? labels[0] : labels.length === 0 ? selector : `${selector} (${labels.length} endpoints)`}`
  switch (metric) {
    case 'p50':
    case 'p95':
    case 'p99':
    case 'max': {
      const histogram = createLatencyHistogram()
      if (selector === undefined) histogram.merge(totals.traffic.latency)
      for (const label of selector === undefined ? [] : labels) {
        const data = totals.traffic.latencyByEndpoint[label]
        if (data) histogram.merge(data)
      }
      const actual = latencyPercentiles(histogram.toJSON())?.[metric] ?? null
      return { actual, measured: actual === null ? `no requests${where}` : `${metric}${where} ${actual} ms` }
    }
    case 'errors': {
      let requests = 0
      let failed = 0
      for (const label of labels) {
        for (const [status, n] of Object.entries(totals.traffic.byEndpoint[label]!)) {
          requests += n
          if (status === '0' || Number(status) >= 500) failed += n
        }
      }
      if (!threshold.percent)
        return { actual: failed, measured: `${n(failed)} failed of ${n(requests)} requests${where}` }
      if (requests === 0) return { actual: null, measured: `no requests${where}` }
      const share = Math.round((failed / requests) * 100 * 1000) / 1000
      return { actual: share, measured: `${share}% failed (${n(failed)} of ${n(requests)} requests${where})` }
    }
    case 'heartbeats': {
      const hours = { watching: totals.registeredMs.watching / HOUR, idle: totals.registeredMs.idle / HOUR }
      const count =
        selector === 'watching'
          ? totals.heartbeats.watching
          : selector === 'idle'
            ? totals.heartbeats.idle
            : totals.heartbeats.watching + totals.heartbeats.idle
      const deviceHours =
        selector === 'watching' ? hours.watching : selector === 'idle' ? hours.idle : hours.watching + hours.idle
      if (deviceHours === 0) return { actual: null, measured: `no device-hours${selector ? ` ${selector}` : ''}` }
      const rate = Math.round((count / deviceHours) * 100) / 100
      return { actual: rate, measured: `${rate} heartbeats per device-hour${selector ? ` ${selector}` : ''}` }
    }
    case 'device-limit':
      return { actual: summary.deviceLimitEvents, measured: counted(summary.deviceLimitEvents, 'device-limit event') }
    case 'conflicts':
      return { actual: summary.videoConflicts, measured: counted(summary.videoConflicts, 'video conflict') }
    case 'evictions': {
      const count = selector === undefined ? summary.evictions.total : (summary.evictions.byReason[selector] ?? 0)
      return { actual: count, measured: `${counted(count, 'eviction')}${selector ? ` (${selector})` : ''}` }
    }
  }
}

function compare(actual: number, op: Op, value: number): boolean {
  switch (op) {
    case '<':
      return actual < value
    case '<=':
      return actual <= value
    case '>':
      return actual > value
    case '>=':
      return actual >= value
    case '==':
      return actual === value
  }
}

/** The thresholds block under the summary table: one line each, then the verdict. */
export function renderThresholds(results: readonly ThresholdResult[], style: Style): string {
  if (results.length === 0) return ''
  const width = Math.max(...results.map((result) => result.threshold.length))
  const lines = [style.bold('thresholds')]
  for (const result of results) {
    const mark = result.ok ? style.green('✓') : style.red('✗')
    lines.push(`  ${mark} ${result.threshold.padEnd(width)}  ${style.dim(result.measured)}`)
  }
  const failed = results.filter((result) => !result.ok).length
  lines.push(
    failed === 0
      ? style.green(`✓ all ${results.length} thresholds held`)
      : style.red(`✗ ${failed} of ${results.length} thresholds failed`),
  )
  return `${lines.join('\n')}\n`
}
