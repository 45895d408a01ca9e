import type { Clock, FetchLike } from '@coursekit/core'
import { createMockBackend, type FaultRuleInput, type MockBackend, type SeedUser } from '@coursekit/mock-server'

/**
 * Where the devices' requests go: the embedded mock backend (in-process, no sockets, on the run's
 * clock) or a deployment (an API URL, a Supabase URL and its anon key, over the network).
 */
export interface Target {
  readonly kind: 'embedded' | 'remote'
  readonly apiBaseUrl: string
  readonly supabaseUrl: string
  readonly anonKey: string
  /** The transport the devices share (each wraps it with its own switch and counters). */
  readonly fetch: FetchLike
  /** The embedded backend, to look at what the server holds; null for a deployment. */
  readonly backend: MockBackend | null
  /** Server faults: the embedded backend's injector, or the mock server's /__dev/faults over HTTP. */
  addFault(rule: FaultRuleInput): Promise<void>
  clearFaults(): Promise<void>
  /** For people: "embedded mock backend" or the API URL. */
  describe(): string
}

export interface EmbeddedTargetOptions {
  clock: Clock
  deviceLimit?: number
  sessionLeaseMs?: number
  users?: readonly SeedUser[]
  seedDemoAccounts?: boolean
  jwtExpirySeconds?: number
}

export async function createEmbeddedTarget(options: EmbeddedTargetOptions): Promise<Target> {
  const backend = await createMockBackend({
    clock: options.clock,
    ...(options.deviceLimit !== undefined ? { deviceLimit: options.deviceLimit } : {}),
    ...(options.sessionLeaseMs !== undefined ? { sessionLeaseMs: options.sessionLeaseMs } : {}),
    ...(options.jwtExpirySeconds !== undefined ? { jwtExpirySeconds: options.jwtExpirySeconds } : {}),
    seedDemoAccounts: options.seedDemoAccounts ?? true,
    users: options.users ?? [],
  })
  return {
    kind: 'embedded',
    apiBaseUrl: backend.url,
    supabaseUrl: backend.url,
    anonKey: backend.anonKey,
    fetch: backend.fetch,
    backend,
    async addFault(rule) {
      backend.faults.add(rule)
    },
    async clearFaults() {
      backend.faults.clear()
    },
    describe: () => 'embedded mock backend',
  }
}

export interface RemoteTargetOptions {
  apiBaseUrl: string
  supabaseUrl: string
  anonKey: string
  fetch?: FetchLike
}

export function createRemoteTarget(options: RemoteTargetOptions): Target {
  const fetch: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const devUrl = (path: string) => new URL(`/__dev/${path}`, options.apiBaseUrl).href
  const devCall = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(devUrl(path), {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    if (!response.ok) {
      throw new Error(
        `server faults need the coursekit mock server (${method} /__dev/${path} answered ${response.status})`,
      )
    }
  }
  return {
    kind: 'remote',
    apiBaseUrl: options.apiBaseUrl,
    supabaseUrl: options.supabaseUrl,
    anonKey: options.anonKey,
    fetch,
    backend: null,
    addFault: (rule) => devCall('POST', 'faults', rule),
    clearFaults: () => devCall('DELETE', 'faults'),
    describe: () => options.apiBaseUrl,
  }
}
