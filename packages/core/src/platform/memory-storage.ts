import type { KeyValueStorage } from '../kernel/ports.ts'

export interface MemoryStorage extends KeyValueStorage {
  /** A copy of everything stored, for tests and diagnostics. */
  entries(): Record<string, string>
}

export function createMemoryStorage(initial: Record<string, string> = {}): MemoryStorage {
  const map = new Map(Object.entries(initial))
  return {
    get: (key) => map.get(key) ?? null,
    set: (key, value) => {
      map.set(key, String(value))
    },
    remove: (key) => {
      map.delete(key)
    },
    entries: () => Object.fromEntries(map),
  }
}
