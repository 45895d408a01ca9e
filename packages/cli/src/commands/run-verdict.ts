import { constants } from 'node:fs'
import { access, writeFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import type { Command } from 'commander'
import { renderReport } from '../run/report-html.ts'
import type { RunSummary } from '../run/summary.ts'
import {
  evaluateThresholds,
  parseThreshold,
  renderThresholds,
  THRESHOLD_HELP,
  type Threshold,
  type ThresholdResult,
} from '../run/thresholds.ts'
import type { RunTotals } from '../run/totals.ts'
import { UsageError } from '../terminal/exit-codes.ts'
import type { CliIo } from '../terminal/io.ts'
import type { Style } from '../terminal/style.ts'

/**
 * What a run is judged by and where its results go, the same for `simulate` and `scenario`:
 * `--threshold` (repeatable), `--out FILE` (the summary object as JSON), `--report FILE` (HTML).
 */
export interface VerdictFlags {
  threshold?: Threshold[]
  out?: string
  report?: string
}

export function addVerdictFlags(command: Command, options: { report: boolean }): Command {
  command
    .option(
      '--threshold <expr>',
      `fail the run (exit 1) unless this holds; repeatable: ${THRESHOLD_HELP}`,
      collectThreshold,
    )
    .option('--out <file>', 'also write the summary object (JSON) to this file')
  if (options.report) {
    command.option('--report <file>', 'write an HTML report: the run over simulated time, with the summary table')
  }
  return command
}

function collectThreshold(value: string, previous: Threshold[] | undefined): Threshold[] {
  const parsed = parseThreshold(value)
  if (!parsed.ok) throw new UsageError(parsed.message)
  return [...(previous ?? []), parsed.threshold]
}

export interface Verdict {
  /** Every threshold held (true without thresholds). */
  ok: boolean
  thresholds: ThresholdResult[]
  /** The thresholds block for the summary table; empty without thresholds. */
  text: string
  /** Files that could not be written, with why (the run's results are still on stdout). */
  unwritten: string[]
}

/** Before a run: the folders of `--out` and `--report` exist and can be written, so a long run is not lost. */
export async function checkOutputs(flags: VerdictFlags, io: CliIo): Promise<void> {
  for (const file of [flags.out, flags.report]) {
    if (file === undefined) continue
    try {
      await access(dirname(resolve(io.cwd, file)), constants.W_OK)
    } catch {
      throw new UsageError(`cannot write ${file}: its folder does not exist or is not writable`)
    }
  }
}

/**
 * Measures the thresholds, marks the summary with them (`thresholds`, and `thresholdsOk`), then
 * writes `--out` and `--report`.
 */
export async function judgeRun(
  run: { summary: RunSummary & Record<string, unknown>; totals: RunTotals },
  thresholds: readonly Threshold[],
  flags: VerdictFlags,
  io: CliIo,
  style: Style,
): Promise<Verdict> {
  const results = evaluateThresholds(thresholds, run)
  const ok = results.every((result) => result.ok)
  if (results.length > 0) {
    run.summary.thresholds = results
    run.summary.thresholdsOk = ok
  }
  const unwritten: string[] = []
  const write = async (file: string, text: () => string) => {
    try {
      await writeFile(resolve(io.cwd, file), text())
    } catch (error) {
      unwritten.push(`cannot write ${file}: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  if (flags.out) await write(flags.out, () => `${JSON.stringify(run.summary, null, 2)}\n`)
  if (flags.report) {
    await write(flags.report, () =>
      renderReport({ summary: run.summary, series: run.totals.series, thresholds: results }),
    )
  }
  return { ok, thresholds: results, text: renderThresholds(results, style), unwritten }
}
