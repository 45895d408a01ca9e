import { type ChildProcess, spawn } from 'node:child_process'

/**
 * A helper process (Xvfb, WebKitWebDriver) owned by this test process: its last output is kept for
 * error messages, and it is stopped when this process exits or is ended by a signal (Vitest ends
 * its workers with SIGTERM, even after a failed test), so no run leaves a display or a driver
 * behind. A browser the driver started exits with its display.
 */
export interface OwnedProcess {
  child: ChildProcess
  /** The end of what it wrote to stdout and stderr, to explain a failure. */
  output(): string
  /** Resolves once it has exited (at once when it already has). */
  exited: Promise<void>
  /** SIGTERM, then SIGKILL when it has not exited within `graceMs`; resolves once it has exited. */
  stop(graceMs?: number): Promise<void>
}

const KEPT_OUTPUT_CHARS = 4000
const running = new Set<ChildProcess>()

function stopAll(): void {
  for (const child of running) child.kill('SIGTERM')
}

process.once('exit', stopAll)
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
  process.once(signal, () => {
    stopAll()
    // Then end as the signal would have without this listener, unless another one handles it.
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal)
  })
}

export function spawnOwned(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; extraFds?: number } = {},
): OwnedProcess {
  const extra = Array.from({ length: options.extraFds ?? 0 }, () => 'pipe' as const)
  const child = spawn(command, args, { env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe', ...extra] })
  running.add(child)
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-KEPT_OUTPUT_CHARS)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const exited = new Promise<void>((resolve) => {
    const done = () => {
      running.delete(child)
      resolve()
    }
    if (child.exitCode !== null || child.signalCode !== null) done()
    child.once('exit', done)
    // A command that cannot be started emits 'error' and no 'exit'.
    child.once('error', (error) => {
      keep(Buffer.from(`${error.message}\n`))
      done()
    })
  })
  return {
    child,
    output: () => output,
    exited,
    async stop(graceMs = 3000) {
      if (!running.has(child)) return
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
      await exited
      clearTimeout(timer)
    },
  }
}
