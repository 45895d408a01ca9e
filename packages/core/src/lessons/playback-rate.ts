import type { KeyValueStorage } from '../kernel/ports.ts'
import { storageKeys } from '../kernel/storage-keys.ts'

/** The speeds a player offers, slowest first; 1 is normal speed. */
export const PLAYBACK_RATES: readonly number[] = Object.freeze([0.75, 1, 1.25, 1.5, 1.75, 2])

/** The speed the learner chose last on this device; 1 when none (or something else) is stored. */
export function playbackRateOf(storage: KeyValueStorage): number {
  const stored = Number(storage.get(storageKeys.playbackRate))
  return PLAYBACK_RATES.includes(stored) ? stored : 1
}

/** Remembers a speed the player offers; any other value is refused (false) and nothing changes. */
export function savePlaybackRate(storage: KeyValueStorage, rate: number): boolean {
  if (!PLAYBACK_RATES.includes(rate)) return false
  storage.set(storageKeys.playbackRate, String(rate))
  return true
}
