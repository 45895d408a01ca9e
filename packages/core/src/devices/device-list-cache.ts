import type { DeviceListItem, SessionListResponse } from '../contract/session-tracker.ts'
import { messages } from '../kernel/messages.ts'
import type { Queries } from '../queries/queries.ts'
import type { QueryState } from '../queries/query.ts'
import { commandFailure, type DeviceListResult, deviceErrorCodes } from './device-public-types.ts'

export interface DeviceListCacheDeps {
  /** The client's content reads: the list is their `listSessions` query, the one a page observes. */
  queries: Queries
}

export interface DeviceListCache {
  /** The list, from the cache while it is under 60 s old; callers during a request share it. */
  get(options?: { force?: boolean }): Promise<DeviceListResult>
  /** A list the server sent with another answer (registration, the device-limit refusal). */
  prime(devices: readonly DeviceListItem[]): void
  /** Marks the list stale (a device was removed or signed out); a request in flight is not reused. */
  invalidate(): void
}

/**
 * Spec section 9: the device list is cached 60 s, and however many callers ask, one request goes
 * out. The device session's view of the content reads' `listSessions` query, so what it primes and
 * invalidates is what a page showing the list sees. Every step waits for the cache's chunk, in the
 * order they were asked: a list primed before a read is the one that read finds.
 */
export function createDeviceListCache({ queries }: DeviceListCacheDeps): DeviceListCache {
  const list = () => queries.load().then((cache) => cache.query('listSessions'))
  const later = (step: (query: Awaited<ReturnType<typeof list>>) => void) => void list().then(step, () => {})
  return {
    async get(options = {}) {
      let query: Awaited<ReturnType<typeof list>>
      try {
        query = await list()
      } catch (error) {
        return commandFailure(
          `device list failed to load: ${error instanceof Error ? error.message : String(error)}`,
          deviceErrorCodes.exception,
        )
      }
      return listResult(!options.force && !query.isStale() ? query.getState() : await query.fetch())
    },
    prime: (devices) => later((query) => query.setData({ sessions: [...devices] })),
    invalidate: () => later((query) => query.invalidate()),
  }
}

function listResult(state: QueryState<SessionListResponse>): DeviceListResult {
  if (state.status === 'success' && state.data) {
    return { ok: true, devices: state.data.sessions, fetchedAt: state.dataUpdatedAt! }
  }
  if (state.failure) return commandFailure(state.failure.error, state.failure.code, state.failure.status)
  // Forgotten while it was read: someone else signed in meanwhile, as a superseded command.
  return commandFailure(messages.noSessionInfo, deviceErrorCodes.superseded)
}
