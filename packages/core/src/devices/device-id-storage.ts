import type { KeyValueStorage } from '../kernel/ports.ts'
import { storageKeys } from '../kernel/storage-keys.ts'

/**
 * The device's session id (spec section 3): the user id, an underscore, then a generated id, kept in
 * local storage as `session_id`. Tabs and reloads of one browser share local storage, so they are one
 * device while signed in; sign-out forgets the id, and another user on the same browser gets a new one.
 */
export function deviceSessionIdFor(
  storage: KeyValueStorage,
  userId: string,
  generateId: () => string = randomDeviceId,
): string {
  const stored = storage.get(storageKeys.sessionId)
  if (stored !== null && belongsTo(stored, userId)) return stored
  const created = `${userId}_${generateId()}`
  storage.set(storageKeys.sessionId, created)
  return created
}

/**
 * Forgets the device id of `userId` at sign-out: the next person to sign in on this browser (or the
 * same one, later) gets a fresh id, so neither `session_id` nor the device list links their visits.
 * An id made for someone else is left alone.
 */
export function forgetDeviceSessionId(storage: KeyValueStorage, userId: string): void {
  const stored = storage.get(storageKeys.sessionId)
  if (stored !== null && belongsTo(stored, userId)) storage.remove(storageKeys.sessionId)
}

/** Whether `sessionId` was made for `userId` (its prefix is the user id and an underscore). */
export function belongsTo(sessionId: string, userId: string): boolean {
  const prefix = `${userId}_`
  return sessionId.startsWith(prefix) && sessionId.length > prefix.length
}

/**
 * 128 random bits as hex. `crypto.getRandomValues` works in insecure contexts too (a LAN address in
 * development), where `crypto.randomUUID` does not exist.
 */
export function randomDeviceId(): string {
  const bytes = new Uint8Array(16)
  globalThis.crypto.getRandomValues(bytes)
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}
