import type { Clock } from '../../kernel/clock.ts'
import type { MemoryBroadcast } from '../../platform/memory-broadcast.ts'
import type { MemoryStorage } from '../../platform/memory-storage.ts'

/*
 * Two tabs of one browser in separate renderer processes, as Chromium runs them: a lock's grant, a
 * channel's message and a local storage write reach the other tab by separate paths, in no order
 * between them. These model the late ones on the simulated clock.
 */

/**
 * Local storage as two such tabs see it: each tab reads its own writes at once and the other tab's
 * only `lagMs` later, long after a lock or a broadcast message has passed between them.
 */
export function laggingStoragePair(clock: Clock, lagMs: number): [MemoryStorage, MemoryStorage] {
  const views = [new Map<string, string>(), new Map<string, string>()]
  const view = (own: Map<string, string>, other: Map<string, string>): MemoryStorage => ({
    get: (key) => own.get(key) ?? null,
    set: (key, value) => {
      own.set(key, String(value))
      clock.setTimeout(() => other.set(key, String(value)), lagMs)
    },
    remove: (key) => {
      own.delete(key)
      clock.setTimeout(() => other.delete(key), lagMs)
    },
    entries: () => Object.fromEntries(own),
  })
  return [view(views[0]!, views[1]!), view(views[1]!, views[0]!)]
}

/** One tab's view of the browser's channels `hub`: it hears every message `lagMs` late. */
export function laggingBroadcast(hub: MemoryBroadcast, clock: Clock, lagMs: number): MemoryBroadcast {
  return (channel) => {
    const port = hub(channel)
    return {
      post: (message) => port.post(message),
      subscribe: (listener) => port.subscribe((message) => void clock.setTimeout(() => listener(message), lagMs)),
      close: () => port.close(),
    }
  }
}
