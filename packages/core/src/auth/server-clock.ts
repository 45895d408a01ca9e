import type { Clock } from '../kernel/clock.ts'
import type { KeyValueStorage } from '../kernel/ports.ts'
import { storageKeys } from '../kernel/storage-keys.ts'
import { MINUTE } from '../kernel/time-units.ts'

/**
 * A measured offset smaller than this is taken as none: the 5- and 10-minute margins of spec
 * section 4 absorb it, and it is mostly the request's own latency and `iat`'s whole seconds.
 */
export const CLOCK_SKEW_TOLERANCE_MS = MINUTE

/**
 * The auth server's times (a token's `exp`) on the client's clock. A PC whose clock is an hour
 * ahead sees every fresh hour-long token as spent by its `exp` alone, and would refresh in a loop;
 * so expiry is judged as `exp` plus how far this device's clock is off, measured on a token the
 * moment it arrives (`iat` against the client's clock). The offset is kept in the platform's
 * storage: the browser's other tabs and the next page load judge by it too, without a refresh.
 */
export interface ServerClock {
  /** Where `serverTime` (ms on the server's clock) falls on the client's clock. */
  toClient(serverTime: number): number
  /** A token issued at `issuedAt` (ms, the server's clock) has just arrived: measure the offset. */
  learn(issuedAt: number | null): void
}

/** How far this device's clock is ahead of the auth server's (ms; behind is negative), as last measured. */
export function storedClockOffset(storage: KeyValueStorage): number {
  const stored = storage.get(storageKeys.serverClockOffset)
  const value = stored === null ? 0 : Number(stored)
  return Number.isFinite(value) ? value : 0
}

export function createServerClock(storage: KeyValueStorage, clock: Clock): ServerClock {
  const key = storageKeys.serverClockOffset
  const offset = () => storedClockOffset(storage)
  return {
    toClient: (serverTime) => serverTime + offset(),
    learn(issuedAt) {
      if (issuedAt === null) return
      const measured = clock.now() - issuedAt
      const next = Math.abs(measured) < CLOCK_SKEW_TOLERANCE_MS ? 0 : measured
      if (next === offset()) return
      if (next === 0) storage.remove(key)
      else storage.set(key, String(next))
    },
  }
}
