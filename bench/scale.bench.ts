import { availableParallelism, totalmem } from 'node:os'
import { getHeapStatistics } from 'node:v8'
import { type SimulateSummary, simulate } from './cli.bench.ts'
import { type BenchSection, fmt } from './report.ts'

/**
 * How big a simulated day fits this machine: `coursekit simulate` over 24 virtual hours at growing
 * sizes, each in its own process, with its peak RSS (all threads). From the sizes measured, a line
 * (fixed cost + cost per device) says which size would fill the machine's memory.
 *
 * Bounded in time: the whole step gets COURSEKIT_BENCH_SCALE_MINUTES (default 40) of wall time; a
 * run is skipped when the runs before it say it cannot finish in what is left, and a run still
 * going at the end of the budget is stopped (it reports its peak RSS so far and how far it got).
 */
const HOURS = 24
const GIB = 2 ** 30
const SIZES = (process.env.COURSEKIT_BENCH_SCALE ?? '10000,25000,50000').split(',').map(Number)
const BUDGET_MS = Number(process.env.COURSEKIT_BENCH_SCALE_MINUTES ?? 40) * 60_000
/** Memory left for the rest of the machine (the OS, a shell, a browser): not counted as room for devices. */
const RESERVE = 0.1
const QUICK = process.env.COURSEKIT_BENCH_QUICK === '1'

export interface Measured {
  devices: number
  summary: SimulateSummary
}

export async function scaleBench(): Promise<BenchSection> {
  const workers = availableParallelism()
  const started = performance.now()
  const measured: Measured[] = []
  const skipped: string[] = []
  for (const devices of QUICK ? [] : SIZES) {
    const left = BUDGET_MS - (performance.now() - started)
    const last = measured.at(-1)
    const expected = expectedWallMs(devices, last ? { devices: last.devices, wallMs: last.summary.wallMs } : undefined)
    if (left <= 0 || expected > left) {
      skipped.push(
        `${fmt(devices)} devices: would take about ${fmt(expected / 60_000, 1)} min, ${fmt(Math.max(0, left) / 60_000, 1)} min left of the budget`,
      )
      continue
    }
    process.stdout.write(
      `bench: scale: ${fmt(devices)} devices × ${HOURS} h, ${workers} threads, at most ${fmt(left / 60_000, 1)} min…\n`,
    )
    measured.push({ devices, summary: await simulate(devices, workers, { timeoutMs: left }) })
  }

  return scaleSection(measured, skipped, workers)
}

/** The section from the runs measured (and the sizes skipped), with the largest day that would fit. */
export function scaleSection(
  measured: Measured[],
  skipped: string[],
  workers: number,
  extraNotes: string[] = [],
): BenchSection {
  const rows = measured.map(({ devices, summary }) => [
    `${fmt(devices)} devices${summary.stoppedEarly ? ` (stopped at ${fmt(summary.simulatedMs / 3_600_000, 1)} h)` : ''}`,
    `${fmt(summary.wallMs / 1000)} s`,
    fmt(summary.requests.total),
    `${fmt(summary.resources.peakRssMb / 1024, 2)} GiB`,
    `${fmt((summary.resources.peakRssMb * 1024) / devices)} KiB`,
  ])
  const machine = totalmem()
  const room = machine * (1 - RESERVE)
  const fit = fitLine(measured.map(({ devices, summary }) => [devices, summary.resources.peakRssMb * 2 ** 20]))
  const heapLimit = getHeapStatistics().heap_size_limit
  const notes: string[] = []
  const largestMeasured = measured.at(-1)
  if (largestMeasured) {
    // Peak RSS per device falls as runs grow (fixed costs spread, the collector is lazier with a
    // small heap), so the largest size's figure, taken as all per device, is the cautious one.
    const perDevice = (largestMeasured.summary.resources.peakRssMb * 2 ** 20) / largestMeasured.devices
    notes.push(
      `At ${fmt(largestMeasured.devices)} devices a device costs ${fmt(perDevice / 1024)} KiB of peak RSS (fixed costs included): ` +
        `${fmt(machine / GIB, 1)} GiB less ${RESERVE * 100} % for the rest of the machine holds about **${fmt(roundDown(room / perDevice))} devices × ${HOURS} h** in one run.`,
    )
  }
  if (fit) {
    notes.push(
      `A line through the sizes measured: peak RSS ≈ ${fmt(fit.fixed / GIB, 2)} GiB + ${fmt(fit.perDevice / 1024)} KiB per device (optimistic below the live heap per device: small runs collect lazily).`,
    )
  }
  const largestRun = measured.filter(({ summary }) => !summary.stoppedEarly).at(-1)
  if (largestRun) {
    notes.push(
      `Largest day run here: ${fmt(largestRun.devices)} devices × ${HOURS} h in ${fmt(largestRun.summary.wallMs / 60_000, 1)} min.`,
    )
  }
  notes.push(
    `Each thread is its own V8 isolate with a heap limit of ${fmt(heapLimit / GIB, 1)} GiB: at about 66 KiB of live heap per device (bench "Device sessions") and room for the collector, a thread holds at most about 40,000 devices, so beyond ${fmt(workers * 40_000)} devices raise --workers (threads, even on ${workers} cores) before memory runs out.`,
    "What would shrink it: peak RSS per device is the live heap of a simulated device (about 66 KiB) plus the collector's headroom. Of that live heap the platform, API client and device service are about 25 KiB (bench \"Device sessions\"); the rest is each device's own Supabase auth client with its stored session, and the simulator's per-device state. One auth client per user, shared by the user's devices, or a leaner stored session would cut the largest share. Threads past the core count add a fixed cost each (their own backend and code), not a cost per device.",
    ...extraNotes,
    ...skipped.map((line) => `Skipped: ${line}.`),
    ...(QUICK ? ['COURSEKIT_BENCH_QUICK=1: no scale runs.'] : []),
  )
  return {
    title: `CLI: the largest simulated day, ${HOURS} virtual hours`,
    method: `\`coursekit simulate --devices N --duration ${HOURS}h --workers ${workers} --json\` at growing sizes (COURSEKIT_BENCH_SCALE, default ${SIZES.map((n) => fmt(n)).join(', ')}), each in its own process, within COURSEKIT_BENCH_SCALE_MINUTES (default ${fmt(BUDGET_MS / 60_000)}) minutes of wall time for the whole step. Peak RSS is the process's (all threads), from the run's own summary.`,
    table: { header: ['run', 'wall', 'requests', 'peak RSS', 'peak RSS per device'], rows },
    notes,
  }
}

const roundDown = (devices: number) => Math.floor(devices / 10_000) * 10_000

/** A run's wall time from a smaller one's: a little worse than linear (a bigger heap collects slower). */
export function expectedWallMs(devices: number, smaller: { devices: number; wallMs: number } | undefined): number {
  return smaller ? (smaller.wallMs / smaller.devices) * devices * 1.2 : 0
}

/** Least squares through (devices, bytes); null with fewer than two sizes. */
export function fitLine(points: [number, number][]): { fixed: number; perDevice: number } | null {
  if (points.length < 2) return null
  const n = points.length
  const mx = points.reduce((sum, [x]) => sum + x, 0) / n
  const my = points.reduce((sum, [, y]) => sum + y, 0) / n
  const sxx = points.reduce((sum, [x]) => sum + (x - mx) ** 2, 0)
  const sxy = points.reduce((sum, [x, y]) => sum + (x - mx) * (y - my), 0)
  if (sxx === 0) return null
  const perDevice = sxy / sxx
  return { fixed: my - perDevice * mx, perDevice }
}
