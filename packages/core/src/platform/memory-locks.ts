import type { LocksPort } from '../kernel/ports.ts'

/**
 * Web Locks semantics without a browser: exclusive locks by name, granted first come first served,
 * held until the holder's signal aborts, then passed to the next waiter. Give the memory platforms of
 * several "tabs" one of these (with one memory broadcast) to model one browser; separate ones keep simulated
 * devices apart.
 */
export type MemoryLocks = LocksPort

interface Waiter {
  grant(): void
}

export function createMemoryLocks(): MemoryLocks {
  /** Per lock name: the holder first, then the waiters in order. */
  const queues = new Map<string, Waiter[]>()

  return {
    acquire(name, signal) {
      if (signal.aborted) return Promise.resolve(false)
      return new Promise<boolean>((resolve) => {
        const waiter: Waiter = { grant: () => resolve(true) }
        let queue = queues.get(name)
        if (!queue) {
          queue = []
          queues.set(name, queue)
        }
        queue.push(waiter)
        if (queue.length === 1) waiter.grant()
        signal.addEventListener(
          'abort',
          () => {
            const current = queues.get(name)
            const index = current ? current.indexOf(waiter) : -1
            if (!current || index < 0) return
            current.splice(index, 1)
            // A holder's promise already resolved true; resolving again changes nothing.
            resolve(false)
            if (index === 0) current[0]?.grant()
            if (current.length === 0) queues.delete(name)
          },
          { once: true },
        )
      })
    },
    // A name is in `queues` only while someone holds it: its first waiter is the holder.
    held: async () => [...queues.keys()],
  }
}
