import type { AuthSessionStorage } from '../kernel/ports.ts'
import { DESKTOP_AUTH_SESSION_KEY, type Invoke } from './desktop-proxy.ts'

/**
 * The auth session in the wrapper's native store (DESKTOP_AUTH_SESSION_KEY, one JSON object of
 * supabase-js's keys and values), held in memory for synchronous reads. Writes go to the native
 * store in order, one at a time; writes made while one is on its way are sent together after it.
 * Nothing of it is ever in web storage.
 */
export function nativeAuthSessionStorage(invoke: Invoke): AuthSessionStorage {
  let values = new Map<string, string>()
  // The native work in order: each load and save starts after the one before it ended.
  let queue: Promise<void> = Promise.resolve()
  let writeQueued = false
  let writeFailed = false
  // Counts local changes: a load does not replace a change made after it was asked for.
  let changes = 0

  const enqueue = (work: () => Promise<void>) => {
    queue = queue.then(work, work)
  }
  const write = () => {
    if (writeQueued) return
    writeQueued = true
    enqueue(async () => {
      writeQueued = false
      try {
        if (values.size === 0) await invoke('clear_auth_token', { key: DESKTOP_AUTH_SESSION_KEY })
        else
          await invoke('save_auth_token', {
            key: DESKTOP_AUTH_SESSION_KEY,
            token: JSON.stringify(Object.fromEntries(values)),
          })
      } catch {
        writeFailed = true
      }
    })
  }

  return {
    get: (key) => values.get(key) ?? null,
    set(key, value) {
      values.set(key, value)
      changes++
      write()
    },
    remove(key) {
      if (!values.delete(key)) return
      changes++
      write()
    },
    load() {
      const asked = changes
      enqueue(async () => {
        try {
          const stored = parseSession(await invoke('get_auth_token', { key: DESKTOP_AUTH_SESSION_KEY }))
          if (changes === asked) values = stored
        } catch {
          // Unreadable now: keep what was read before (at start-up, nothing: signed out).
        }
      })
      return queue
    },
    async saved() {
      await queue
      const ok = !writeFailed
      writeFailed = false
      return ok
    },
  }
}

/** The stored JSON object of strings; anything else is no session. */
function parseSession(stored: unknown): Map<string, string> {
  if (typeof stored !== 'string' || stored === '') return new Map()
  let parsed: unknown
  try {
    parsed = JSON.parse(stored)
  } catch {
    return new Map()
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return new Map()
  return new Map(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
}
