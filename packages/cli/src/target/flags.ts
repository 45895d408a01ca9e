import { createMockBackend } from '@coursekit/mock-server'
import type { Command } from 'commander'
import { UsageError } from '../terminal/exit-codes.ts'
import { httpUrl } from '../terminal/option-parsers.ts'

/** Where `coursekit serve` listens by default, and so where `devices` and `login` look by default. */
export const LOCAL_MOCK_URL = 'http://127.0.0.1:54321'

export interface TargetFlags {
  api?: string
  supabaseUrl?: string
  anonKey?: string
}

export interface RemoteTarget {
  apiBaseUrl: string
  supabaseUrl: string
  anonKey: string
}

/** --api, --supabase-url, --anon-key (each also from the environment). */
export function addTargetFlags(command: Command): Command {
  return command
    .option('--api <url>', 'platform API base URL of a deployment (env COURSEKIT_API_URL)', httpUrl)
    .option('--supabase-url <url>', 'Supabase URL (env COURSEKIT_SUPABASE_URL; default: the --api URL)', httpUrl)
    .option(
      '--anon-key <key>',
      "Supabase anon key (env COURSEKIT_ANON_KEY; default for a loopback URL: the coursekit mock server's)",
    )
}

/**
 * The deployment the flags and environment name, or null for none. The anon key may be left out
 * for a mock server on this machine (its default key is known); a real deployment needs it.
 */
export async function remoteTarget(
  flags: TargetFlags,
  env: Record<string, string | undefined>,
  fallbackUrl: string | null = null,
): Promise<RemoteTarget | null> {
  const fromEnv = (name: string) => {
    const value = env[name]?.trim()
    return value ? value : undefined
  }
  const envUrl = (name: string) => {
    const value = fromEnv(name)
    if (value === undefined) return undefined
    try {
      return httpUrl(value)
    } catch {
      throw new UsageError(`${name} is not an http(s) URL: "${value}"`)
    }
  }
  const api = flags.api ?? envUrl('COURSEKIT_API_URL') ?? fallbackUrl
  if (api === null) return null
  const supabaseUrl = flags.supabaseUrl ?? envUrl('COURSEKIT_SUPABASE_URL') ?? api
  let anonKey = flags.anonKey ?? fromEnv('COURSEKIT_ANON_KEY')
  if (anonKey === undefined) {
    if (!isLoopback(supabaseUrl)) {
      throw new UsageError(`${supabaseUrl} needs its Supabase anon key: pass --anon-key or set COURSEKIT_ANON_KEY`)
    }
    anonKey = await mockServerAnonKey()
  }
  return { apiBaseUrl: api, supabaseUrl, anonKey }
}

function isLoopback(url: string): boolean {
  const host = new URL(url).hostname
  return host === '127.0.0.1' || host === 'localhost' || host === '[::1]' || host === '::1'
}

/** The anon key every mock server with the default secret uses (it is fixed, and public like any anon key). */
async function mockServerAnonKey(): Promise<string> {
  const backend = await createMockBackend({ seedDemoAccounts: false })
  return backend.anonKey
}
