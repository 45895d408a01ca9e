import type { BroadcastPort } from '../kernel/ports.ts'

/**
 * BroadcastChannel semantics without a browser: ports opened on one of these with the same channel
 * name hear each other (never themselves), asynchronously. Give two memory platforms one to model two
 * tabs of one browser; separate ones keep simulated devices apart.
 */
export type MemoryBroadcast = (channel: string) => BroadcastPort

export function createMemoryBroadcast(): MemoryBroadcast {
  const channels = new Map<string, Set<Set<(message: unknown) => void>>>()

  return (channel) => {
    const listeners = new Set<(message: unknown) => void>()
    let members = channels.get(channel)
    if (!members) {
      members = new Set()
      channels.set(channel, members)
    }
    members.add(listeners)
    let closed = false
    return {
      post(message) {
        if (closed) return
        // The copy is made only when someone else listens: a lone tab (every simulated device of
        // the CLI) posts on each heartbeat, and structured cloning is the dearest part of a post.
        let copy: unknown
        let copied = false
        for (const other of members) {
          if (other === listeners || other.size === 0) continue
          if (!copied) {
            copy = structuredClone(message)
            copied = true
          }
          for (const listener of [...other]) queueMicrotask(() => listener(copy))
        }
      },
      subscribe(listener) {
        listeners.add(listener)
        return () => {
          listeners.delete(listener)
        }
      },
      close() {
        closed = true
        listeners.clear()
        members.delete(listeners)
        if (members.size === 0) channels.delete(channel)
      },
    }
  }
}
