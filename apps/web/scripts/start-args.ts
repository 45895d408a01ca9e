import { parseArgs } from 'node:util'
import { integerFlag, UsageError } from '@coursekit/mock-server/serve'

export const DEFAULT_PORT = 5173

export function startUsage(program: string): string {
  return `Usage: ${program} [options]

The learner app and the mock backend on one origin (Vite dev server), until Ctrl+C.

Options:
  --port <n>            port to listen on (default ${DEFAULT_PORT})
  --device-limit <n>    devices a user may be signed in on at once (default 2)
  -h, --help            show this help
`
}

export interface StartOptions {
  port: number
  deviceLimit?: number
}

export type ParsedStartArgs = { help: true } | { help: false; options: StartOptions }

/** A bad flag: the message says which and why, as the mock backend's own command does. */
export const StartUsageError = UsageError
export type StartUsageError = UsageError

/** Strict: an unknown flag, a stray argument or a bad number is a StartUsageError saying which. */
export function parseStartArgs(argv: readonly string[]): ParsedStartArgs {
  let values: { port?: string; 'device-limit'?: string; help?: boolean }
  try {
    ;({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        'device-limit': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }))
  } catch (error) {
    throw new StartUsageError((error as Error).message)
  }
  if (values.help) return { help: true }
  const options: StartOptions = { port: DEFAULT_PORT }
  if (values.port !== undefined) options.port = integerFlag('--port', values.port, 1, 65535)
  if (values['device-limit'] !== undefined) {
    options.deviceLimit = integerFlag('--device-limit', values['device-limit'], 1, 10_000)
  }
  return { help: false, options }
}
