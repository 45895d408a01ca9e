import type { DeviceListItem } from '../contract/session-tracker.ts'
import type { Clock } from '../kernel/clock.ts'
import { DEVICE_LIST_CACHE_TTL_MS } from '../kernel/constants.ts'
import type { DeviceListResult } from './device-public-types.ts'

export interface DeviceListCacheDeps {
  clock: Clock
  /** One GET of the device list. */
  load(): Promise<DeviceListResult>
}

export interface DeviceListCache {
  /** The list, from the cache while it is under 60 s old; callers during a request share it. */
  get(options?: { force?: boolean }): Promise<DeviceListResult>
  /** A list the server sent with another answer (registration, the device-limit refusal). */
  prime(devices: readonly DeviceListItem[]): void
  /** Forgets the list (a device was removed; the user changed). A request in flight is not reused. */
  invalidate(): void
}

/** Spec section 9: the device list is cached 60 s, and however many callers ask, one request goes out. */
export function createDeviceListCache(deps: DeviceListCacheDeps): DeviceListCache {
  const { clock } = deps
  let cached: { devices: readonly DeviceListItem[]; fetchedAt: number } | null = null
  let flight: Promise<DeviceListResult> | null = null
  /** Bumped by invalidate, so an answer to an older request is not cached. */
  let generation = 0

  const load = (): Promise<DeviceListResult> => {
    const startedIn = generation
    const request = deps.load().then((result) => {
      if (startedIn === generation && result.ok) cached = { devices: result.devices, fetchedAt: result.fetchedAt }
      return result
    })
    const shared = request.finally(() => {
      if (flight === shared) flight = null
    })
    flight = shared
    return shared
  }

  return {
    get(options = {}) {
      // Fresh: read under 60 s ago.
      if (!options.force && cached && clock.now() - cached.fetchedAt < DEVICE_LIST_CACHE_TTL_MS) {
        return Promise.resolve({ ok: true, ...cached })
      }
      return flight ?? load()
    },
    prime(devices) {
      generation++
      flight = null
      cached = { devices, fetchedAt: clock.now() }
    },
    invalidate() {
      generation++
      flight = null
      cached = null
    },
  }
}
