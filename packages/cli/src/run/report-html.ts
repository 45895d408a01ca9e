import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { formatDuration } from '../terminal/duration.ts'
import type { RunSeries } from './series.ts'
import type { LatencyPercentiles, RunSummary } from './summary.ts'
import type { ThresholdResult } from './thresholds.ts'

/**
 * `--report FILE`: one self-contained HTML page (uPlot and its CSS inlined, no request to
 * anywhere) that shows the run over simulated time (devices, requests per second by endpoint,
 * heartbeats, device-limit events, conflicts and evictions) above the summary table.
 */
export function renderReport(input: {
  summary: RunSummary & Record<string, unknown>
  series: RunSeries | undefined
  thresholds: readonly ThresholdResult[]
}): string {
  const { summary, series, thresholds } = input
  const title = `coursekit ${summary.command}: ${summary.devices.toLocaleString('en-US')} devices, ${formatDuration(summary.simulatedMs)}`
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<style>${uplotAsset('uPlot.min.css')}</style>
<style>${PAGE_CSS}</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p class="meta">${escapeHtml(describeRun(summary))}</p>
${thresholdsHtml(thresholds)}
${series ? '<section id="charts"></section>' : '<p class="meta">No time series: this run does not sample one.</p>'}
${summaryHtml(summary)}
<script type="application/json" id="series">${jsonForScript(series ?? null)}</script>
<script>${uplotAsset('uPlot.iife.min.js')}</script>
<script>${CHARTS_SCRIPT}</script>
</body>
</html>
`
}

const uplotFiles = new Map<string, string>()
function uplotAsset(name: string): string {
  let text = uplotFiles.get(name)
  if (text === undefined) {
    const require = createRequire(import.meta.url)
    const main = require.resolve('uplot')
    text = readFileSync(new URL(name, pathToFileURL(main)), 'utf8')
    uplotFiles.set(name, text)
  }
  // Inlined into <script> and <style>: no closing tag may appear inside.
  return text.replace(/<\/(script|style)/gi, '<\\/$1')
}

function describeRun(summary: RunSummary & Record<string, unknown>): string {
  const n = (value: number) => value.toLocaleString('en-US')
  const parts = [
    `${formatDuration(summary.simulatedMs)} ${summary.clock === 'virtual' ? 'simulated' : 'real time'} in ${formatDuration(summary.wallMs)}`,
    `${n(summary.requests.total)} requests`,
    summary.target,
  ]
  if (typeof summary.seed === 'string') parts.push(`seed ${summary.seed}`)
  if (typeof summary.users === 'number') parts.push(`${n(summary.users)} users`)
  if (typeof summary.deviceLimit === 'number') parts.push(`device limit ${summary.deviceLimit}`)
  return parts.join(' · ')
}

function thresholdsHtml(results: readonly ThresholdResult[]): string {
  if (results.length === 0) return ''
  const failed = results.filter((result) => !result.ok).length
  const rows = results
    .map(
      (result) =>
        `<tr class="${result.ok ? 'ok' : 'failed'}"><td>${result.ok ? '✓' : '✗'}</td><td><code>${escapeHtml(result.threshold)}</code></td><td>${escapeHtml(result.measured)}</td></tr>`,
    )
    .join('\n')
  const verdict =
    failed === 0
      ? `<p class="verdict ok">✓ all ${results.length} thresholds held</p>`
      : `<p class="verdict failed">✗ ${failed} of ${results.length} thresholds failed</p>`
  return `<h2>Thresholds</h2>\n${verdict}\n<table class="thresholds">${rows}</table>`
}

function summaryHtml(summary: RunSummary): string {
  const n = (value: number) => value.toLocaleString('en-US')
  const ms = (latency: LatencyPercentiles | null, key: keyof LatencyPercentiles) =>
    latency ? latency[key].toLocaleString('en-US', { maximumFractionDigits: 2 }) : ''
  const statuses = [...new Set(summary.requests.byEndpoint.flatMap((row) => Object.keys(row.statuses)))].sort((a, b) =>
    a === '0' ? 1 : b === '0' ? -1 : Number(a) - Number(b),
  )
  const head = [
    'endpoint',
    'requests',
    ...statuses.map((s) => (s === '0' ? 'failed' : s)),
    'p50 ms',
    'p95 ms',
    'p99 ms',
  ]
  const row = (endpoint: string, total: number, counts: Record<string, number>, latency: LatencyPercentiles | null) =>
    `<tr><td>${escapeHtml(endpoint)}</td><td>${n(total)}</td>${statuses
      .map((status) => `<td>${counts[status] === undefined ? '' : n(counts[status]!)}</td>`)
      .join('')}<td>${ms(latency, 'p50')}</td><td>${ms(latency, 'p95')}</td><td>${ms(latency, 'p99')}</td></tr>`
  const allStatuses: Record<string, number> = {}
  for (const r of summary.requests.byEndpoint) {
    for (const [status, count] of Object.entries(r.statuses)) allStatuses[status] = (allStatuses[status] ?? 0) + count
  }
  const rows = summary.requests.byEndpoint.map((r) => row(r.endpoint, r.total, r.statuses, r.latencyMs))
  const rate = (value: number | null) => (value === null ? 'n/a' : `${value.toFixed(2)} per device-hour`)
  const reasons = Object.entries(summary.evictions.byReason)
    .map(([reason, count]) => `${reason} ${n(count)}`)
    .join(', ')
  const end = summary.devicesAtEnd
  const facts: [string, string][] = [
    [
      'latency',
      summary.latencyMs
        ? `p50 ${summary.latencyMs.p50} ms · p95 ${summary.latencyMs.p95} ms · p99 ${summary.latencyMs.p99} ms · max ${summary.latencyMs.max} ms`
        : 'no requests',
    ],
    ['requests per second (wall time)', n(summary.requests.perSecond)],
    [
      'heartbeats',
      `watching ${rate(summary.heartbeatsPerDeviceHour.watching)} over ${n(summary.deviceHours.watching)} device-hours · idle ${rate(summary.heartbeatsPerDeviceHour.idle)} over ${n(summary.deviceHours.idle)} device-hours`,
    ],
    ['device-limit events', n(summary.deviceLimitEvents)],
    ['video conflicts', n(summary.videoConflicts)],
    ['evictions', `${n(summary.evictions.total)}${reasons ? ` (${reasons})` : ''}`],
    ['errors', `${n(summary.errors.total)} (network ${n(summary.errors.network)}, 5xx ${n(summary.errors.server)})`],
    ...summary.errors.notices
      .slice(0, 5)
      .map((notice): [string, string] => ['notice shown', `${n(notice.count)} × ${notice.message}`]),
    [
      'devices at the end',
      `${n(end.signedIn)} signed in, ${n(end.registered)} registered, ${n(end.watching)} watching of ${n(summary.devices)}`,
    ],
    ['token refreshes', n(summary.tokenRefreshes)],
  ]
  return `<h2>Summary</h2>
<table class="summary">
<thead><tr>${head.map((cell) => `<th>${escapeHtml(cell)}</th>`).join('')}</tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
<tfoot>${row('all', summary.requests.total, allStatuses, summary.latencyMs)}</tfoot>
</table>
<table class="facts">
${facts.map(([name, value]) => `<tr><th>${escapeHtml(name)}</th><td>${escapeHtml(value)}</td></tr>`).join('\n')}
</table>`
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** JSON inside a <script> element: `<` escaped, so no text in it can end the element. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}

const PAGE_CSS = `
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", "Noto Sans KR", sans-serif; margin: 24px auto; max-width: 1080px; padding: 0 16px; color: #1f2328; }
h1 { font-size: 20px; margin: 0 0 4px; }
h2 { font-size: 16px; margin: 28px 0 8px; }
.meta { color: #59636e; margin: 0 0 16px; }
.chart { margin: 12px 0 20px; }
.chart h3 { font-size: 14px; margin: 0 0 4px; font-weight: 600; }
table { border-collapse: collapse; margin: 8px 0 16px; }
td, th { padding: 3px 10px; border-bottom: 1px solid #d1d9e0; text-align: right; font-variant-numeric: tabular-nums; }
td:first-child, th:first-child, .facts th, .facts td { text-align: left; }
.summary thead th { border-bottom: 2px solid #59636e; }
.summary tfoot td { font-weight: 600; border-top: 2px solid #59636e; }
.facts th { font-weight: 600; color: #59636e; }
.verdict { font-weight: 600; }
.ok td:first-child, .verdict.ok { color: #1a7f37; }
.failed td:first-child, .verdict.failed { color: #d1242f; }
.thresholds td { text-align: left; }
`

/**
 * Runs in the page: draws the charts from the series. Counters become rates by difference between
 * samples; the x axis is simulated hours.
 */
const CHARTS_SCRIPT = `
(function () {
  var series = JSON.parse(document.getElementById('series').textContent);
  var root = document.getElementById('charts');
  if (!series || !root || series.t.length < 2) return;
  var palette = ['#0969da', '#1a7f37', '#bc4c00', '#8250df', '#cf222e', '#116329', '#953800', '#6639ba', '#0550ae', '#57606a', '#bf8700', '#a40e26'];
  var hours = series.t.map(function (t) { return t / 3600000; });
  function perSecond(column) {
    return column.map(function (v, i) {
      if (i === 0) return null;
      var seconds = (series.t[i] - series.t[i - 1]) / 1000;
      return seconds > 0 ? (v - column[i - 1]) / seconds : null;
    });
  }
  function perStep(column) {
    return column.map(function (v, i) { return i === 0 ? null : v - column[i - 1]; });
  }
  function clock(h) {
    var minutes = Math.round(h * 60);
    var m = minutes % 60;
    return Math.floor(minutes / 60) + ':' + (m < 10 ? '0' : '') + m;
  }
  var width = Math.max(480, Math.min(1040, root.clientWidth || 1040));
  function chart(title, yLabel, lines, bars) {
    var box = document.createElement('div');
    box.className = 'chart';
    var heading = document.createElement('h3');
    heading.textContent = title;
    box.appendChild(heading);
    root.appendChild(box);
    var data = [hours];
    var config = [{ label: 'simulated time', value: function (u, v) { return v == null ? '' : clock(v); } }];
    lines.forEach(function (line, i) {
      data.push(line.values);
      config.push({
        label: line.label,
        stroke: palette[i % palette.length],
        width: 1.5,
        fill: bars ? palette[i % palette.length] + '33' : undefined,
        paths: bars ? uPlot.paths.stepped({ align: -1 }) : undefined,
        value: function (u, v) { return v == null ? '' : (Math.round(v * 100) / 100).toLocaleString('en-US'); }
      });
    });
    new uPlot({
      width: width,
      height: 240,
      scales: { x: { time: false } },
      axes: [
        { label: 'simulated time (h:mm)', values: function (u, ticks) { return ticks.map(clock); } },
        { label: yLabel, size: 60 }
      ],
      series: config
    }, data, box);
  }
  chart('Devices', 'devices', [
    { label: 'signed in', values: series.signedIn },
    { label: 'registered', values: series.registered },
    { label: 'watching', values: series.watching }
  ]);
  var endpoints = Object.keys(series.requests).sort(function (a, b) {
    var ca = series.requests[a], cb = series.requests[b];
    return cb[cb.length - 1] - ca[ca.length - 1];
  });
  chart('Requests per simulated second, by endpoint', 'requests/s', endpoints.map(function (label) {
    return { label: label, values: perSecond(series.requests[label]) };
  }));
  chart('Heartbeats per simulated second', 'heartbeats/s', [
    { label: 'heartbeats', values: perSecond(series.heartbeats) }
  ]);
  var step = series.stepMs >= 60000 ? series.stepMs / 60000 + ' min' : series.stepMs / 1000 + ' s';
  chart('Device-limit events, video conflicts and evictions, per ' + step, 'events', [
    { label: 'device-limit events', values: perStep(series.deviceLimitEvents) },
    { label: 'video conflicts', values: perStep(series.videoConflicts) },
    { label: 'evictions', values: perStep(series.evictions) }
  ], true);
})();
`
