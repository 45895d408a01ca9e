import type { KeyValueStorage } from '../kernel/ports.ts'
import { storageKeys } from '../kernel/storage-keys.ts'

/**
 * The device's session id (spec section 3): the user id, an underscore, then a generated id, kept in
 * local storage as `session_id`. Tabs and reloads of one browser share local storage, so they are one
 * device; another user on the same browser gets a new id.
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
