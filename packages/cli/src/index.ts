/**
 * @coursekit/cli: the `coursekit` binary, and the pieces it is made of for programs that want to
 * run simulations and scenarios themselves.
 */

export { main } from './program.ts'
export type { RunEvent, RunEventName } from './run/events.ts'
export { type RunSummary, summarize } from './run/summary.ts'
export type { RunTotals } from './run/totals.ts'
export { type FileProblem, loadScenarioFile, parseScenario, ScenarioFileError } from './scenario/file.ts'
export { runScenario, type ScenarioRecord, type ScenarioResult } from './scenario/runner.ts'
export type { Scenario } from './scenario/schema.ts'
export { useLightFetchClasses } from './simulate/light-fetch.ts'
export type { SimulationSettings } from './simulate/part.ts'
export { runSimulation } from './simulate/run.ts'
export { formatDuration, parseDuration } from './terminal/duration.ts'
export { EXIT_FAILED, EXIT_OK, EXIT_USAGE, UsageError } from './terminal/exit-codes.ts'
export type { CliIo, OutputStream } from './terminal/io.ts'
