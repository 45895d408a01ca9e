import type { RunSummary } from '../run/summary.ts'
import { formatDuration } from './duration.ts'
import { counted } from './plural.ts'
import type { Style } from './style.ts'

/** Per endpoint, beside its statuses. */
const LATENCY_COLUMNS = ['p50', 'p95', 'p99'] as const

/** The summary for people: requests by endpoint and status, latency, heartbeat rates, what happened. */
export function renderSummary(summary: RunSummary, style: Style): string {
  const lines: string[] = []
  const n = (value: number) => value.toLocaleString('en-US')
  const ms = (value: number) => (value < 10 ? value.toFixed(2) : value < 100 ? value.toFixed(1) : value.toFixed(0))

  lines.push(
    `${formatDuration(summary.simulatedMs)} ${summary.clock === 'virtual' ? 'simulated' : 'real time'} in ${formatDuration(summary.wallMs)} · ${counted(summary.requests.total, 'request')} · ${n(summary.requests.perSecond)} req/s`,
    '',
  )

  const statuses = [...new Set(summary.requests.byEndpoint.flatMap((row) => Object.keys(row.statuses)))].sort((a, b) =>
    a === '0' ? 1 : b === '0' ? -1 : Number(a) - Number(b),
  )
  const header = [
    'requests',
    'total',
    ...statuses.map((status) => (status === '0' ? 'failed' : status)),
    ...LATENCY_COLUMNS.map((column) => `${column} ms`),
  ]
  const rows = summary.requests.byEndpoint.map((row) => [
    row.endpoint,
    n(row.total),
    ...statuses.map((status) => (row.statuses[status] === undefined ? '' : n(row.statuses[status]!))),
    ...LATENCY_COLUMNS.map((column) => (row.latencyMs ? ms(row.latencyMs[column]) : '')),
  ])
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => row[i]!.length)))
  const format = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ')
  lines.push(style.bold(format(header)))
  for (const row of rows) lines.push(format(row))
  if (rows.length === 0) lines.push(style.dim('(no requests)'))
  lines.push('')

  const latency = summary.latencyMs
  lines.push(
    latency
      ? `${style.bold('latency')}      p50 ${ms(latency.p50)} ms   p95 ${ms(latency.p95)} ms   p99 ${ms(latency.p99)} ms   max ${ms(latency.max)} ms`
      : `${style.bold('latency')}      (no requests)`,
  )
  const rate = (value: number | null, hours: number) =>
    value === null ? 'n/a' : `${value.toFixed(2)}/h over ${n(Math.round(hours * 10) / 10)} device-hours`
  lines.push(
    `${style.bold('heartbeats')}   watching ${rate(summary.heartbeatsPerDeviceHour.watching, summary.deviceHours.watching)}   idle ${rate(summary.heartbeatsPerDeviceHour.idle, summary.deviceHours.idle)}`,
  )
  const reasons = Object.entries(summary.evictions.byReason)
    .map(([reason, count]) => `${reason} ${n(count)}`)
    .join(', ')
  lines.push(
    `${style.bold('device limit')} ${counted(summary.deviceLimitEvents, 'event')}   ${style.bold('video conflicts')} ${n(summary.videoConflicts)}   ${style.bold('evictions')} ${n(summary.evictions.total)}${reasons ? ` (${reasons})` : ''}`,
  )
  const errors = summary.errors
  const errorText = `${n(errors.total)} (network ${n(errors.network)}, 5xx ${n(errors.server)})`
  lines.push(`${style.bold('errors')}       ${errors.total > 0 ? style.red(errorText) : errorText}`)
  for (const notice of errors.notices.slice(0, 5)) lines.push(style.dim(`  ${n(notice.count)} × ${notice.message}`))
  const end = summary.devicesAtEnd
  lines.push(
    `${style.bold('devices')}      ${n(summary.devices)}: ${n(end.signedIn)} signed in, ${n(end.registered)} registered, ${n(end.watching)} watching at the end · ${counted(summary.tokenRefreshes, 'token refresh', 'token refreshes')}`,
  )
  return `${lines.join('\n')}\n`
}
