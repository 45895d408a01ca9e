import type { OutputStream } from './io.ts'

/**
 * Lines written in batches, never one write per line: `--json` prints an event per line, a run
 * makes millions of them, and each write to a pipe is a system call (bench/cli.bench.ts runs with
 * `--json`). Lines go out when a batch fills and whenever the caller flushes (the run's progress
 * ticks, a few times a second, and its end), so whoever reads the stream still sees events as the
 * run goes.
 */
export interface LineBuffer {
  /** Queues one line (without its newline). */
  push(line: string): void
  /** Writes what is queued, if anything. */
  flush(): void
}

export function createLineBuffer(out: OutputStream, maxChars = 64 * 1024): LineBuffer {
  let lines: string[] = []
  let chars = 0
  const flush = () => {
    if (lines.length === 0) return
    out.write(`${lines.join('\n')}\n`)
    lines = []
    chars = 0
  }
  return {
    push(line) {
      lines.push(line)
      chars += line.length + 1
      if (chars >= maxChars) flush()
    },
    flush,
  }
}
