import type { FetchLike, Platform } from '../kernel/ports.ts'
import type { MemoryBroadcast } from './memory-broadcast.ts'
import type { MemoryLocks } from './memory-locks.ts'
import { memoryPlatform } from './memory-platform.ts'

export interface NodePlatformOptions {
  /** Default: Node's global fetch, looked up at call time. */
  fetch?: FetchLike
  /** The page URL the client pretends to be on (server rendering: the request's URL). */
  url?: string
  userAgent?: string
  storage?: Record<string, string>
  cookies?: Record<string, string>
  sharedBroadcast?: MemoryBroadcast
  /** Share one in-memory lock set between platforms that should act as tabs of one browser. Default: a private one. */
  sharedLocks?: MemoryLocks
}

/**
 * Node (scripts, servers, server rendering): storage and cookies live in memory for the life of the
 * platform, navigation is recorded, beacons are posted with fetch. One platform per client: nothing
 * is shared between two of them unless a shared broadcast (and shared locks) are passed.
 */
export function nodePlatform(options: NodePlatformOptions = {}): Platform {
  const fetch: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const base = memoryPlatform({
    url: options.url,
    fetch,
    storage: options.storage,
    cookies: options.cookies,
    sharedBroadcast: options.sharedBroadcast,
    sharedLocks: options.sharedLocks,
    userAgent: options.userAgent ?? defaultNodeUserAgent(),
  })
  return {
    name: 'node',
    fetch,
    storage: base.storage,
    sessionStorage: base.sessionStorage,
    cookies: base.cookies,
    location: base.location,
    navigator: base.navigator,
    beacon: {
      send(url, body, beaconOptions) {
        const headers = beaconOptions?.headers
        const contentType = headers ? 'application/json' : 'text/plain;charset=UTF-8'
        fetch(url, { method: 'POST', body, headers: { 'content-type': contentType, ...headers } }).catch(() => {})
        return true
      },
    },
    lifecycle: base.lifecycle,
    push: { unsubscribe: async () => {} },
    tokenStore: base.tokenStore,
    broadcast: base.broadcast,
    locks: base.locks,
    userAgent: base.userAgent,
    referrer: base.referrer,
    maxTouchPoints: () => 0,
    sendsUserAgentHeader: true,
  }
}

function defaultNodeUserAgent(): string {
  const version = (globalThis as { process?: { version?: string } }).process?.version ?? 'unknown'
  return `coursekit-core (Node.js ${version})`
}
