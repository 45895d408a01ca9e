import { parseArgs } from 'node:util'
import type { MockServerOptions } from './node-server.ts'

export const USAGE = `Usage: coursekit-mock-server [options]

The coursekit contract backend (platform API + Supabase Auth stand-in) on loopback.

Options:
  --port <n>            port to listen on (default 54321; 0 picks a free one)
  --host <addr>         address to bind (default 127.0.0.1)
  --device-limit <n>    devices a user may be signed in on at once (default 2)
  --lease-minutes <n>   minutes without a heartbeat before a device stops counting (default 40)
  --no-demo-accounts    start without the seeded demo accounts
  -h, --help            show this help
`

export type ParsedArgs = { help: true } | { help: false; options: MockServerOptions }

export class UsageError extends Error {
  override readonly name = 'UsageError'
}

/** Parses argv strictly: an unknown flag or a bad number is a UsageError with a readable message. */
export function parseServerArgs(argv: readonly string[]): ParsedArgs {
  let values: Record<string, string | boolean | undefined>
  try {
    ;({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'device-limit': { type: 'string' },
        'lease-minutes': { type: 'string' },
        'no-demo-accounts': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }))
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
  if (values.help) return { help: true }
  const options: MockServerOptions = {}
  if (values.port !== undefined) options.port = integerFlag('--port', values.port, 0, 65535)
  if (typeof values.host === 'string') options.host = values.host
  if (values['device-limit'] !== undefined) {
    options.deviceLimit = integerFlag('--device-limit', values['device-limit'], 1, 10_000)
  }
  if (values['lease-minutes'] !== undefined) {
    options.sessionLeaseMs = integerFlag('--lease-minutes', values['lease-minutes'], 1, 7 * 24 * 60) * 60_000
  }
  if (values['no-demo-accounts']) options.seedDemoAccounts = false
  return { help: false, options }
}

function integerFlag(name: string, raw: string | boolean | undefined, min: number, max: number): number {
  const text = String(raw)
  if (!/^\d+$/.test(text)) throw new UsageError(`${name} expects a whole number, got "${text}"`)
  const value = Number(text)
  if (value < min || value > max) throw new UsageError(`${name} must be between ${min} and ${max}, got ${value}`)
  return value
}
