import { parseArgs } from 'node:util'
import { compileRedirectGlob } from './auth/redirect-glob.ts'
import type { MockServerOptions } from './node-server.ts'

/**
 * The flags of the HTTP backend, for both of its entry points: `coursekit serve` and this
 * package's `coursekit-mock-server` bin. `program` is the name the usage shows.
 */
export function serveUsage(program: string): string {
  return `Usage: ${program} [options]

The coursekit contract backend (platform API + Supabase Auth stand-in) over HTTP, until Ctrl+C.

Options:
  --port <n>            port to listen on (default 54321; 0 picks a free one)
  --host <address>      address to bind (default 127.0.0.1, this machine only)
  --device-limit <n>    devices a user may be signed in on at once (default 2)
  --no-force-logout     at the device limit, refuse a new device without offering to sign
                        another out (canForceLogout false)
  --lease <duration>    how long a device without a heartbeat keeps its slot, e.g. 40m, 1h, 90s (default 40m)
  --no-demo-accounts    start without the seeded demo accounts
  --cors-origin <url>   an origin whose pages may call the backend from a browser, e.g.
                        http://localhost:5173 (repeatable; the backend's own origin always may)
  --expose-dev-routes   let other machines use /__dev and the OAuth consent stand-in too
                        (default: this machine only); only on a network you trust
  --redirect-allow <url>  where e-mail and OAuth links may lead besides the backend's own URL and
                        the CORS origins, a GoTrue allow-list glob, e.g. 'http://localhost:*/**'
                        (repeatable); any other redirect_to falls back to the backend's URL
  --email-max-frequency <duration>  least time between two mails of one kind to one account, e.g.
                        60s (default, as GoTrue), 10s; 0 turns the limit off
  -h, --help            show this help
`
}

export type ParsedArgs = { help: true } | { help: false; options: MockServerOptions }

export class UsageError extends Error {
  override readonly name = 'UsageError'
}

/** Parses argv strictly: an unknown flag or a bad value is a UsageError with a readable message. */
export function parseServerArgs(argv: readonly string[]): ParsedArgs {
  let values: Record<string, string | boolean | string[] | undefined>
  try {
    ;({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'device-limit': { type: 'string' },
        'no-force-logout': { type: 'boolean' },
        lease: { type: 'string' },
        'no-demo-accounts': { type: 'boolean' },
        'cors-origin': { type: 'string', multiple: true },
        'expose-dev-routes': { type: 'boolean' },
        'redirect-allow': { type: 'string', multiple: true },
        'email-max-frequency': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }))
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
  if (values.help) return { help: true }
  const options: MockServerOptions = {}
  if (values.port !== undefined) options.port = integerFlag('--port', String(values.port), 0, 65535)
  if (typeof values.host === 'string') {
    if (values.host.trim() === '') throw new UsageError('--host expects an address, got ""')
    options.host = values.host
  }
  if (values['device-limit'] !== undefined) {
    options.deviceLimit = integerFlag('--device-limit', String(values['device-limit']), 1, 10_000)
  }
  if (values['no-force-logout']) options.canForceLogout = false
  if (values.lease !== undefined) options.sessionLeaseMs = leaseFlag(String(values.lease))
  if (values['no-demo-accounts']) options.seedDemoAccounts = false
  const corsOrigins = values['cors-origin']
  if (Array.isArray(corsOrigins)) options.corsOrigins = corsOrigins.map(originFlag)
  if (values['expose-dev-routes']) options.exposeDevRoutes = true
  const redirectAllow = values['redirect-allow']
  if (Array.isArray(redirectAllow)) options.redirectAllowList = redirectAllow.map(redirectPatternFlag)
  if (values['email-max-frequency'] !== undefined) {
    options.emailMaxFrequencyMs = emailFrequencyFlag(String(values['email-max-frequency']))
  }
  return { help: false, options }
}

/**
 * A whole-number flag between `min` and `max`, or a UsageError naming the flag and what was typed.
 * Shared with other commands that serve this backend (the learner app's `npm start`).
 */
export function integerFlag(name: string, raw: string | boolean | undefined, min: number, max: number): number {
  const text = String(raw)
  if (!/^[-+]?\d+$/.test(text)) throw new UsageError(`${name} expects a whole number, got "${text}"`)
  const value = Number(text)
  if (value < min || value > max) throw new UsageError(`${name} must be between ${min} and ${max}, got ${value}`)
  return value
}

/** `http://localhost:5173`: an http(s) origin, no path. */
function originFlag(text: string): string {
  let url: URL | null = null
  try {
    url = new URL(text)
  } catch {}
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== text.replace(/\/$/, '')) {
    throw new UsageError(`--cors-origin expects an origin such as http://localhost:5173, got "${text}"`)
  }
  return url.origin
}

function redirectPatternFlag(text: string): string {
  try {
    if (text.trim() === '') throw new RangeError('empty')
    compileRedirectGlob(text)
  } catch {
    throw new UsageError(`--redirect-allow expects a URL or a glob such as 'http://localhost:*/**', got "${text}"`)
  }
  return text
}

function emailFrequencyFlag(text: string): number {
  if (text.trim() === '0') return 0
  const ms = durationMs(text)
  if (ms === null)
    throw new UsageError(`--email-max-frequency expects a duration such as 60s or 2m, or 0, got "${text}"`)
  if (ms < 1000 || ms > UNIT_MS.d!)
    throw new UsageError(`--email-max-frequency must be 0 or between 1s and 1d, got "${text}"`)
  return ms
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }
const MAX_LEASE_MS = 7 * UNIT_MS.d!

function leaseFlag(text: string): number {
  const ms = durationMs(text)
  if (ms === null) throw new UsageError(`--lease expects a duration such as 40m, 1h or 90s, got "${text}"`)
  if (ms < 1000 || ms > MAX_LEASE_MS) throw new UsageError(`--lease must be between 1s and 7d, got "${text}"`)
  return ms
}

/** `40m`, `1h30m`, `90s` in ms, or null: a unit is required (a bare "40" could be minutes or milliseconds). */
function durationMs(text: string): number | null {
  const trimmed = text.trim()
  const part = /(\d+(?:\.\d+)?)(ms|s|m|h|d)/y
  let total = 0
  let at = 0
  while (at < trimmed.length) {
    part.lastIndex = at
    const match = part.exec(trimmed)
    if (!match) break
    total += Number(match[1]) * UNIT_MS[match[2]!]!
    at = part.lastIndex
  }
  if (at === 0 || at < trimmed.length) return null
  return Math.round(total)
}

/** `40m`, `1h`, `90s`, `1500ms`: a duration as the flags take it. */
export function formatLease(ms: number): string {
  for (const unit of ['d', 'h', 'm', 's'] as const) {
    if (ms % UNIT_MS[unit]! === 0) return `${ms / UNIT_MS[unit]!}${unit}`
  }
  return `${ms}ms`
}
