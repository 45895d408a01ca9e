/**
 * Test-only (not exported): runs `main` with captured output, as a terminal or a pipe, with the
 * environment a test chooses.
 */

import { main } from '../program.ts'
import type { CliIo, OutputStream } from './io.ts'

export interface CapturedRun {
  code: number
  stdout: string
  stderr: string
}

export interface RunOptions {
  env?: Record<string, string | undefined>
  /** Both streams claim to be a terminal. */
  tty?: boolean
  cwd?: string
  /** Aborts like Ctrl+C. */
  stop?: AbortSignal
}

export async function runCli(args: string[], options: RunOptions = {}): Promise<CapturedRun> {
  let stdout = ''
  let stderr = ''
  const stream = (append: (text: string) => void): OutputStream => ({
    write: (text: string) => {
      append(text)
      return true
    },
    isTTY: options.tty ?? false,
    columns: 120,
  })
  const io: CliIo = {
    stdout: stream((text) => {
      stdout += text
    }),
    stderr: stream((text) => {
      stderr += text
    }),
    env: options.env ?? {},
    cwd: options.cwd ?? process.cwd(),
    stop: options.stop ?? new AbortController().signal,
  }
  const code = await main(args, io)
  return { code, stdout, stderr }
}

/** The JSON lines of an output, parsed. */
export function jsonLines(text: string): Record<string, unknown>[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>)
}
