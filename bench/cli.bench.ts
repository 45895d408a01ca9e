import { spawn } from 'node:child_process'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { type BenchSection, fmt } from './report.ts'

/**
 * `coursekit simulate` as people run it: the bin from source, in its own process (so its peak RSS
 * is its own), against the embedded backend on the virtual clock, default schedule (10 % of the
 * time watching, a 1-hour token lifetime, so every device refreshes its token 24 times a day).
 */
const bin = fileURLToPath(new URL('../packages/cli/src/bin.ts', import.meta.url))
const HOURS = 24

export interface SimulateSummary {
  devices: number
  stoppedEarly: boolean
  wallMs: number
  simulatedMs: number
  requests: { total: number; perSecond: number }
  heartbeatsPerDeviceHour: { watching: number | null; idle: number | null }
  tokenRefreshes: number
  resources: { peakRssMb: number; cpuMs: number }
  workers: number
}

/**
 * Runs the bin in its own process and returns its summary. With `timeoutMs`, a run still going
 * then is ended (SIGINT: it stops early and still prints its summary, `stoppedEarly`).
 */
export function simulate(
  devices: number,
  workers: number,
  options: { hours?: number; timeoutMs?: number } = {},
): Promise<SimulateSummary> {
  const args = ['--conditions=@coursekit/source', bin, 'simulate', '--devices', String(devices)]
  args.push('--duration', `${options.hours ?? HOURS}h`, '--workers', String(workers), '--json')
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] })
    const timer =
      options.timeoutMs === undefined ? undefined : setTimeout(() => child.kill('SIGINT'), options.timeoutMs)
    let last = ''
    let buffer = ''
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString()
      const lines = buffer.split('\n')
      buffer = lines.pop() ?? ''
      for (const line of lines) if (line.trim() !== '') last = line
    })
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      if (buffer.trim() !== '') last = buffer
      if (code !== 0) reject(new Error(`coursekit simulate exited with ${code}`))
      else resolve(JSON.parse(last) as SimulateSummary)
    })
  })
}

const TEN_THOUSAND = process.env.COURSEKIT_BENCH_QUICK !== '1'

export async function cliBench(): Promise<BenchSection> {
  const cores = availableParallelism()
  const runs: { devices: number; workers: number }[] = [
    { devices: 1_000, workers: 1 },
    { devices: 1_000, workers: cores },
    ...(TEN_THOUSAND ? [{ devices: 10_000, workers: cores }] : []),
  ]
  const rows: (string | number)[][] = []
  for (const run of runs) {
    process.stdout.write(`bench: simulate ${fmt(run.devices)} devices × ${HOURS} h, ${run.workers} thread(s)…\n`)
    const summary = await simulate(run.devices, run.workers)
    const rates = summary.heartbeatsPerDeviceHour
    rows.push([
      `${fmt(run.devices)} devices, ${summary.workers} thread(s)`,
      `${fmt(summary.wallMs / 1000, 1)} s`,
      fmt(summary.requests.total),
      fmt(summary.requests.perSecond),
      `${fmt(summary.resources.peakRssMb)} MiB`,
      `${fmt(summary.resources.cpuMs / 1000, 1)} s`,
      `${rates.watching ?? 'n/a'} / ${rates.idle ?? 'n/a'}`,
    ])
  }
  return {
    title: `CLI: coursekit simulate, ${HOURS} virtual hours`,
    method: `\`coursekit simulate --devices N --duration ${HOURS}h --workers W --json\` from source in its own process: every device a full client (Supabase's real auth client, its own memory storage) against the in-process mock backend on one virtual clock per thread, on @whatwg-node/node-fetch's Request, Response and Headers (which the run swaps in for Node's); users split across threads. Default schedule: 10 % of the time watching, sign-ins over the first 10 minutes, 1-hour tokens. Requests/s is simulated requests per second of wall time; CPU is the whole process (all threads and the garbage collector).`,
    table: {
      header: ['run', 'wall', 'requests', 'requests/s', 'peak RSS', 'CPU', 'heartbeats/device-hour watching / idle'],
      rows,
    },
    notes: [
      'The goal: 10,000 devices through 24 virtual hours in under 60 s on this machine. See the CLI README ("Performance") for where the time goes.',
      ...(TEN_THOUSAND ? [] : ['COURSEKIT_BENCH_QUICK=1: the 10,000-device run was skipped.']),
    ],
  }
}
