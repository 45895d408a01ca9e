import { parseArgs } from 'node:util'

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

export class StartUsageError extends Error {
  override readonly name = 'StartUsageError'
}

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
  if (values.port !== undefined) options.port = wholeNumber('--port', values.port, 1, 65535)
  if (values['device-limit'] !== undefined) {
    options.deviceLimit = wholeNumber('--device-limit', values['device-limit'], 1, 10_000)
  }
  return { help: false, options }
}

function wholeNumber(name: string, text: string, min: number, max: number): number {
  if (!/^\d+$/.test(text)) throw new StartUsageError(`${name} expects a whole number, got "${text}"`)
  const value = Number(text)
  if (value < min || value > max) throw new StartUsageError(`${name} must be between ${min} and ${max}, got ${value}`)
  return value
}
