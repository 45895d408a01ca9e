import type { Clock } from '../../kernel/clock.ts'

/**
 * How long each address must wait for its next mail, as the auth server last said (a 429), counted
 * down on the client's clock. A binding shows `secondsLeft` and subscribes to hear each second go
 * by: the countdown is one timer per address that someone watches, none otherwise.
 */
export interface MailCooldown {
  /** Whole seconds until `email` may be mailed again; 0 when it may be now. */
  secondsLeft(email: string): number
  /** Calls `listener` when a wait for `email` begins and at each second of it. Returns the unsubscribe. */
  subscribe(email: string, listener: () => void): () => void
  /** The server said to wait `seconds` before mailing `email` again. */
  wait(email: string, seconds: number): void
  /** Stops every timer (the client is disposed). */
  dispose(): void
}

const SECOND_MS = 1000

/** Addresses compare as GoTrue compares them: without case or surrounding spaces. */
const addressKey = (email: string): string => email.trim().toLowerCase()

export function createMailCooldown(clock: Clock): MailCooldown {
  const retryAt = new Map<string, number>()
  const listeners = new Map<string, Set<() => void>>()
  const timers = new Map<string, unknown>()

  const msLeft = (key: string): number => Math.max(0, (retryAt.get(key) ?? 0) - clock.now())

  const notify = (key: string) => {
    for (const listener of [...(listeners.get(key) ?? [])]) listener()
  }

  /** The next tick falls where the shown number changes: on the whole seconds before retryAt. */
  const schedule = (key: string) => {
    clock.clearTimeout(timers.get(key))
    timers.delete(key)
    const left = msLeft(key)
    if (left === 0) {
      retryAt.delete(key)
      return
    }
    if (!listeners.get(key)?.size) return
    const untilNextSecond = left % SECOND_MS || SECOND_MS
    timers.set(
      key,
      clock.setTimeout(() => {
        timers.delete(key)
        notify(key)
        schedule(key)
      }, untilNextSecond),
    )
  }

  return {
    secondsLeft: (email) => Math.ceil(msLeft(addressKey(email)) / SECOND_MS),
    subscribe(email, listener) {
      const key = addressKey(email)
      const set = listeners.get(key) ?? new Set<() => void>()
      listeners.set(key, set)
      set.add(listener)
      if (!timers.has(key)) schedule(key)
      return () => {
        set.delete(listener)
        if (set.size > 0) return
        listeners.delete(key)
        clock.clearTimeout(timers.get(key))
        timers.delete(key)
      }
    },
    wait(email, seconds) {
      const key = addressKey(email)
      retryAt.set(key, clock.now() + seconds * SECOND_MS)
      notify(key)
      schedule(key)
    },
    dispose() {
      for (const handle of timers.values()) clock.clearTimeout(handle)
      timers.clear()
      listeners.clear()
    },
  }
}
