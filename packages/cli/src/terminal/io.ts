/**
 * Where a command reads its environment and writes its output. `bin.ts` passes the process's;
 * tests pass their own and read what was written.
 */
export interface OutputStream {
  write(text: string): unknown
  readonly isTTY?: boolean
  readonly columns?: number
}

export interface CliIo {
  stdout: OutputStream
  stderr: OutputStream
  env: Record<string, string | undefined>
  cwd: string
  /** Aborts when the user asks to stop (Ctrl+C): `serve` closes, a simulation ends early with its summary. */
  stop: AbortSignal
  /**
   * A command that ends cleanly on `stop` calls this; otherwise Ctrl+C ends the process at once
   * (exit 130), as people expect of a command that has nothing to wrap up.
   */
  catchStop?(): void
}

/** Exit code of a process ended by Ctrl+C (128 + SIGINT). */
const EXIT_INTERRUPTED = 130

export function processIo(): CliIo {
  const controller = new AbortController()
  let caught = false
  const onSignal = () => {
    // A second Ctrl+C, or one for a command with nothing to wrap up, ends the process now.
    if (!caught || controller.signal.aborted) process.exit(EXIT_INTERRUPTED)
    controller.abort()
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
    stop: controller.signal,
    catchStop() {
      caught = true
    },
  }
}
