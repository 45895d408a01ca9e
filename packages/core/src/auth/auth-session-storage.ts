import type { AuthSessionStorage, KeyValueStorage, Platform } from '../kernel/ports.ts'

/** Where this platform keeps the auth session: its own port, else its local storage. */
export function authSessionStorageOf(platform: Platform): AuthSessionStorage {
  return platform.authSessionStorage ?? localAuthSessionStorage(platform.storage)
}

/** Local storage as the auth session's store: always read, every write done when it returns. */
export function localAuthSessionStorage(storage: KeyValueStorage): AuthSessionStorage {
  return {
    get: (key) => storage.get(key),
    set: (key, value) => storage.set(key, value),
    remove: (key) => storage.remove(key),
    load: async () => {},
    saved: async () => true,
  }
}
