import { availableParallelism } from 'node:os'
import { type Command, Option } from 'commander'
import { summarize } from '../run/summary.ts'
import type { SimulationSettings } from '../simulate/part.ts'
import { runSimulation } from '../simulate/run.ts'
import { accountFromEnv, accountsFromFile } from '../target/credentials.ts'
import { addTargetFlags, remoteTarget, type TargetFlags } from '../target/flags.ts'
import { unreachableTarget } from '../target/reachability.ts'
import { formatClock, formatDuration } from '../terminal/duration.ts'
import { EXIT_FAILED, EXIT_OK, reportRunFailure, UsageError } from '../terminal/exit-codes.ts'
import type { CliIo } from '../terminal/io.ts'
import { createLineBuffer } from '../terminal/line-buffer.ts'
import { clockOption, duration, integerIn, nonBlank, positiveDuration, ratio } from '../terminal/option-parsers.ts'
import { counted } from '../terminal/plural.ts'
import { createProgressLine } from '../terminal/progress-line.ts'
import { colourEnabled, createStyle } from '../terminal/style.ts'
import { renderSummary } from '../terminal/summary-table.ts'
import { addVerdictFlags, checkOutputs, judgeRun, type VerdictFlags } from './run-verdict.ts'

interface SimulateFlags extends TargetFlags, VerdictFlags {
  devices: number
  users?: number
  deviceLimit?: number
  watchRatio: number
  duration: number
  rampUp?: number
  clock?: 'virtual' | 'real'
  seed: string
  workers?: number
  lease?: number
  tokenLifetime?: number
  usersFile?: string
  json?: boolean
}

/** From this many devices up, a run uses every core by default. */
const WORKERS_FROM_DEVICES = 1000
const DEFAULT_RAMP_UP_MS = 10 * 60_000
const DEFAULT_DEVICE_LIMIT = 2

export function registerSimulate(program: Command, io: CliIo, setExit: (code: number) => void): void {
  const command = program
    .command('simulate')
    .description('simulate many devices signing in, registering, watching and idling on a seeded random schedule')
    .usage('--devices <n> [options]')
    .requiredOption(
      '--devices <n>',
      'devices, each its own client with its own storage (required)',
      integerIn(1, 1_000_000),
    )
    .option('--users <n>', 'users the devices are spread over (default: one per device)', integerIn(1, 1_000_000))
    .option(
      '--device-limit <n>',
      `devices a user may have signed in at once (embedded backend; default ${DEFAULT_DEVICE_LIMIT})`,
      integerIn(1, 10_000),
    )
    .option('--watch-ratio <r>', 'share of registered time spent watching, 0 to 1', ratio, 0.1)
    .addOption(
      new Option('--duration <d>', 'how long to simulate, e.g. 24h, 90m')
        .argParser(positiveDuration)
        .default(24 * 3_600_000, '24h'),
    )
    .option('--ramp-up <d>', 'spread sign-ins over this long from the start (default 10m)', duration)
    .addOption(clockOption())
    .option('--seed <seed>', 'seed of the random schedule: the same seed, the same run', nonBlank, '1')
    .option(
      '--workers <n>',
      `worker threads (default: all cores from ${WORKERS_FROM_DEVICES} devices, else 1)`,
      integerIn(1, 64),
    )
    .option('--lease <d>', 'embedded backend: how long a silent device keeps its slot (default 40m)', positiveDuration)
    .option('--token-lifetime <d>', 'embedded backend: access-token lifetime (default 1h)', positiveDuration)
    .option('--users-file <file>', 'accounts for a deployment, YAML or JSON (env COURSEKIT_USERS_FILE)')
    .option('--json', 'one JSON object per event, then a summary object; no progress')
  addVerdictFlags(command, { report: true })
  addTargetFlags(command).action(async (flags: SimulateFlags) => {
    setExit(await simulate(flags, io))
  })
}

async function simulate(flags: SimulateFlags, io: CliIo): Promise<number> {
  io.catchStop?.()
  const settings = await settingsFrom(flags, io)
  await checkOutputs(flags, io)
  const json = flags.json === true
  if (settings.target.kind === 'remote') {
    const unreachable = await unreachableTarget(settings.target)
    if (unreachable) return reportRunFailure(io, json, unreachable)
  }
  const progressStyle = createStyle(colourEnabled({ isTTY: io.stderr.isTTY, env: io.env }))
  const style = createStyle(colourEnabled({ isTTY: io.stdout.isTTY, env: io.env }))
  const workers = flags.workers ?? (settings.devices >= WORKERS_FROM_DEVICES ? availableParallelism() : 1)
  const progress = createProgressLine(io.stderr, !json && io.stderr.isTTY === true)
  const embedded = settings.target.kind === 'embedded'
  const targetName = settings.target.kind === 'embedded' ? 'embedded mock backend' : settings.target.apiBaseUrl
  const threads = Math.max(1, Math.min(workers, settings.users))
  if (!json) {
    // A deployment enforces its own device limit, which this side does not know.
    const limit = embedded ? `limit ${settings.deviceLimit}` : "the server's device limit"
    io.stdout.write(
      `${style.bold('coursekit simulate')}: ${counted(settings.devices, 'device')}, ${counted(settings.users, 'user')}, ${limit}, ` +
        `watching ${Math.round(settings.watchRatio * 100)}%, ${formatDuration(settings.durationMs)} on the ${settings.clock} clock, ` +
        `seed ${settings.seed}, ${targetName}${threads > 1 ? `, ${threads} threads` : ''}\n`,
    )
  }
  const started = performance.now()
  let lastRequests = 0
  let lastAt = started
  let rate = 0
  const eventLines = createLineBuffer(io.stdout)
  const totals = await runSimulation(settings, {
    workers,
    wantEvents: json,
    emit: (event) => {
      if (json) eventLines.push(JSON.stringify(event))
    },
    progress: (p) => {
      eventLines.flush()
      const now = performance.now()
      if (now - lastAt >= 500) {
        rate = ((p.requests - lastRequests) / (now - lastAt)) * 1000
        lastRequests = p.requests
        lastAt = now
      }
      progress.update(
        () =>
          `${progressStyle.dim('simulated')} ${formatClock(p.simulatedMs)} / ${formatClock(settings.durationMs)}` +
          ` · ${n(p.devices)} devices, ${n(p.registered)} registered · ${n(p.requests)} requests · ${n(Math.round(rate))} req/s`,
      )
    },
    stop: io.stop,
  })
  eventLines.flush()
  progress.clear()
  const summary = summarize(
    totals,
    { command: 'simulate', target: targetName, clock: settings.clock, wallMs: performance.now() - started },
    {
      seed: settings.seed,
      users: settings.users,
      deviceLimit: embedded ? settings.deviceLimit : null,
      watchRatio: settings.watchRatio,
      durationMs: settings.durationMs,
      workers: threads,
      stoppedEarly: io.stop.aborted || totals.gaveUp !== undefined,
      ...(totals.gaveUp !== undefined ? { stoppedBecause: totals.gaveUp } : {}),
      resources: processResources(),
    },
  )
  const verdict = await judgeRun({ summary, totals }, flags.threshold ?? [], flags, io, style)
  if (json) io.stdout.write(`${JSON.stringify(summary)}\n`)
  else io.stdout.write(`\n${renderSummary(summary, style)}${verdict.text ? `\n${verdict.text}` : ''}`)
  for (const problem of verdict.unwritten) io.stderr.write(`${problem}\n`)
  const signedIn = totals.events.signedIn ?? 0
  const noSignIn = signedIn === 0 && (totals.events.signInFailed ?? 0) > 0
  if (noSignIn) {
    const why = totals.gaveUp ?? 'no device could sign in'
    io.stderr.write(
      `coursekit: ${totals.gaveUp ? `stopped after ${formatDuration(totals.simulatedMs)}: ` : ''}${why}\n`,
    )
  }
  return noSignIn || !verdict.ok || verdict.unwritten.length > 0 ? EXIT_FAILED : EXIT_OK
}

async function settingsFrom(flags: SimulateFlags, io: CliIo): Promise<SimulationSettings> {
  const remote = await remoteTarget(flags, io.env)
  const clock = flags.clock ?? (remote ? 'real' : 'virtual')
  if (flags.rampUp !== undefined && flags.rampUp > flags.duration) {
    throw new UsageError(
      `--ramp-up (${formatDuration(flags.rampUp)}) cannot exceed --duration (${formatDuration(flags.duration)}): devices would sign in after the run ends`,
    )
  }
  const common = (users: number) => {
    if (users > flags.devices) throw new UsageError(`--users (${users}) cannot exceed --devices (${flags.devices})`)
    return {
      devices: flags.devices,
      users,
      deviceLimit: flags.deviceLimit ?? DEFAULT_DEVICE_LIMIT,
      watchRatio: flags.watchRatio,
      durationMs: flags.duration,
      rampUpMs: Math.min(flags.rampUp ?? DEFAULT_RAMP_UP_MS, flags.duration),
      seed: flags.seed,
      clock,
    } as const
  }
  if (!remote) {
    return {
      ...common(flags.users ?? flags.devices),
      ...(flags.lease !== undefined ? { sessionLeaseMs: flags.lease } : {}),
      ...(flags.tokenLifetime !== undefined ? { tokenLifetimeMs: flags.tokenLifetime } : {}),
      target: { kind: 'embedded' },
    }
  }
  if (clock === 'virtual') {
    throw new UsageError('a deployment runs on real time: --clock virtual works only with the embedded backend')
  }
  if (flags.lease !== undefined || flags.tokenLifetime !== undefined || flags.deviceLimit !== undefined) {
    throw new UsageError(
      '--device-limit, --lease and --token-lifetime set up the embedded backend; a deployment has its own',
    )
  }
  const usersFile = flags.usersFile ?? io.env.COURSEKIT_USERS_FILE
  const single = usersFile ? null : accountFromEnv(io.env)
  const accounts = usersFile ? await accountsFromFile(usersFile, io.cwd, io.env) : single ? [single] : []
  if (accounts.length === 0) {
    throw new UsageError(
      'a deployment needs accounts: set COURSEKIT_EMAIL and COURSEKIT_PASSWORD, or pass --users-file (YAML or JSON)',
    )
  }
  const users = flags.users ?? Math.min(flags.devices, accounts.length)
  if (accounts.length < users) {
    throw new UsageError(`--users ${users} needs ${users} accounts; the credentials give ${accounts.length}`)
  }
  return { ...common(users), target: { kind: 'remote', ...remote, accounts: accounts.slice(0, users) } }
}

const n = (value: number) => value.toLocaleString('en-US')

/** What the run cost this process (worker threads included): peak resident memory and CPU time. */
function processResources(): { peakRssMb: number; cpuMs: number } {
  const usage = process.resourceUsage()
  return {
    peakRssMb: Math.round(usage.maxRSS / 1024),
    cpuMs: Math.round((usage.userCPUTime + usage.systemCPUTime) / 1000),
  }
}
