/** Exit codes: 0 all good; 1 a run failed (an expectation, a step, a request the command needed); 2 the command line or a file was wrong. */
export const EXIT_OK = 0
export const EXIT_FAILED = 1
export const EXIT_USAGE = 2

/** A bad flag, a missing credential, an impossible combination: the message says what to do. Exit 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError'
}
