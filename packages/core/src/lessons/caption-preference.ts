import type { KeyValueStorage } from '../kernel/ports.ts'
import { storageKeys } from '../kernel/storage-keys.ts'

/**
 * Whether the learner wants the player's captions shown, as last chosen on this device; off when
 * nothing (or something else) is stored, as video players start.
 */
export function captionsEnabledOf(storage: KeyValueStorage): boolean {
  return storage.get(storageKeys.captions) === 'on'
}

/** Remembers the learner's choice for the next lesson and the next visit. */
export function saveCaptionsEnabled(storage: KeyValueStorage, enabled: boolean): void {
  storage.set(storageKeys.captions, enabled ? 'on' : 'off')
}
