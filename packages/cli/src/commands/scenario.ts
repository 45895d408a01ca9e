import { relative, resolve } from 'node:path'
import type { Command } from 'commander'
import { summarize } from '../run/summary.ts'
import { ScenarioSetupError } from '../scenario/accounts.ts'
import { loadScenarioFile } from '../scenario/file.ts'
import { runScenario, type ScenarioRecord } from '../scenario/runner.ts'
import { addTargetFlags, remoteTarget, type TargetFlags } from '../target/flags.ts'
import { unreachableTarget } from '../target/reachability.ts'
import { formatClock } from '../terminal/duration.ts'
import { EXIT_FAILED, EXIT_OK, reportRunFailure, UsageError } from '../terminal/exit-codes.ts'
import type { CliIo } from '../terminal/io.ts'
import { clockOption } from '../terminal/option-parsers.ts'
import { counted } from '../terminal/plural.ts'
import { colourEnabled, createStyle, type Style } from '../terminal/style.ts'
import { renderSummary } from '../terminal/summary-table.ts'
import { addVerdictFlags, checkOutputs, judgeRun, type VerdictFlags } from './run-verdict.ts'

interface ScenarioFlags extends TargetFlags, VerdictFlags {
  clock?: 'virtual' | 'real'
  json?: boolean
}

export function registerScenario(program: Command, io: CliIo, setExit: (code: number) => void): void {
  const command = program
    .command('scenario')
    .description(
      'run a scenario file (YAML or JSON): named devices, steps and expectations; exit 0 when all hold, 1 when one fails, 2 for a bad file',
    )
    .argument('<file>', 'the scenario, e.g. examples/scenarios/limit-remove-oldest.yaml')
    .addOption(clockOption())
    .option('--json', 'one JSON object per event, step and expectation, then a summary object')
  addVerdictFlags(command, { report: false })
  addTargetFlags(command).action(async (file: string, flags: ScenarioFlags) => {
    setExit(await scenario(file, flags, io))
  })
}

async function scenario(file: string, flags: ScenarioFlags, io: CliIo): Promise<number> {
  const path = resolve(io.cwd, file)
  const shown = relative(io.cwd, path) || file
  const parsed = await loadScenarioFile(path, shown)
  const remote = await remoteTarget(flags, io.env)
  const clock = flags.clock ?? (remote ? 'real' : 'virtual')
  if (remote && clock === 'virtual') {
    throw new UsageError('a deployment runs on real time: --clock virtual works only with the embedded backend')
  }
  await checkOutputs(flags, io)
  const json = flags.json === true
  const backendSettings = Object.keys(parsed.backend)
  if (remote && backendSettings.length > 0) {
    io.stderr.write(
      `coursekit: warning: ${shown}: backend (${backendSettings.join(', ')}) sets up the embedded backend; it does not apply to ${remote.apiBaseUrl}, which has its own\n`,
    )
  }
  if (remote) {
    const unreachable = await unreachableTarget(remote)
    if (unreachable) return reportRunFailure(io, json, unreachable)
  }
  const style = createStyle(colourEnabled({ isTTY: io.stdout.isTTY, env: io.env }))
  if (!json) io.stdout.write(`${style.bold('scenario')}: ${parsed.name} ${style.dim(`(${shown})`)}\n`)
  const started = performance.now()
  let result: Awaited<ReturnType<typeof runScenario>>
  try {
    result = await runScenario(
      parsed,
      { remote, clock },
      {
        env: io.env,
        record: (record) => {
          if (json) io.stdout.write(`${JSON.stringify(record)}\n`)
          else writeRecord(io, style, record)
        },
      },
    )
  } catch (error) {
    if (error instanceof ScenarioSetupError) throw new UsageError(`${shown}: ${error.message}`)
    throw error
  }
  const summary = summarize(
    result.totals,
    { command: 'scenario', target: result.target, clock, wallMs: performance.now() - started },
    {
      scenario: parsed.name,
      file: shown,
      ok: result.ok,
      steps: result.steps,
      expectations: result.expectations,
      failures: result.failures,
    },
  )
  // The file's thresholds, then the command line's.
  const thresholds = [...parsed.thresholds, ...(flags.threshold ?? [])]
  const judged = await judgeRun({ summary, totals: result.totals }, thresholds, flags, io, style)
  if (json) {
    io.stdout.write(`${JSON.stringify(summary)}\n`)
  } else {
    const { passed, total, failed } = result.expectations
    const verdict = result.ok
      ? style.green(`✓ ${heldText(total)}`)
      : style.red(
          `✗ ${failed > 0 ? `${failed} of ${counted(total, 'expectation')} failed` : 'a step failed'}${result.steps.failed > 0 && failed > 0 ? ', and a step failed' : ''} (${passed} held)`,
        )
    io.stdout.write(`\n${verdict}\n`)
    for (const failure of result.failures) io.stdout.write(`  ${style.red('✗')} ${failure}\n`)
    io.stdout.write(`\n${renderSummary(summary, style)}${judged.text ? `\n${judged.text}` : ''}`)
  }
  for (const problem of judged.unwritten) io.stderr.write(`${problem}\n`)
  return result.ok && judged.ok && judged.unwritten.length === 0 ? EXIT_OK : EXIT_FAILED
}

function heldText(total: number): string {
  if (total === 0) return 'every step ran (no expectations to check)'
  return total === 1 ? '1 expectation held' : `all ${counted(total, 'expectation')} held`
}

function writeRecord(io: CliIo, style: Style, record: ScenarioRecord): void {
  if (record.type === 'event') return
  const time = style.dim(formatClock(record.t))
  const mark = record.ok ? style.green('✓') : style.red('✗')
  if (record.type === 'step') {
    const note = record.message ? style.dim(`  ${record.message}`) : ''
    io.stdout.write(`${time}  ${mark} ${record.description}${note}\n`)
  } else {
    io.stdout.write(
      `${time}  ${mark} ${style.bold('expect')} ${record.description}${style.dim(`  ${record.message}`)}\n`,
    )
  }
}
