import type { CliIo } from './io.ts'

/** Exit codes: 0 all good; 1 a run failed (an expectation, a step, a request the command needed); 2 the command line or a file was wrong. */
export const EXIT_OK = 0
export const EXIT_FAILED = 1
export const EXIT_USAGE = 2

/**
 * A run that cannot go on (a target nobody can reach, nobody can sign in): why, on stderr, and with
 * `--json` also as an `error` line on stdout for the program reading it. Exit 1.
 */
export function reportRunFailure(io: CliIo, json: boolean, message: string): number {
  if (json) io.stdout.write(`${JSON.stringify({ type: 'error', status: null, message })}\n`)
  io.stderr.write(`coursekit: ${message}\n`)
  return EXIT_FAILED
}

/** A bad flag, a missing credential, an impossible combination: the message says what to do. Exit 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError'
}
