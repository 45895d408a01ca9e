import type { EndReason } from './device-session.ts'

/**
 * Why each of a user's recent sessions was signed out, so a device calling with a revoked id is
 * told why (removed, forced, admin, ended, expired). Bounded per user: the oldest are forgotten,
 * and a forgotten id reads as never seen.
 */
export class Revocations {
  readonly #perUser: number
  readonly #byUser = new Map<string, Map<string, EndReason>>()

  constructor(perUser: number) {
    this.#perUser = perUser
  }

  record(userId: string, sessionId: string, reason: EndReason): void {
    let own = this.#byUser.get(userId)
    if (!own) {
      own = new Map()
      this.#byUser.set(userId, own)
    }
    // Deleted first, so a revoked id revoked again counts as the newest.
    own.delete(sessionId)
    own.set(sessionId, reason)
    if (own.size > this.#perUser) {
      const oldest = own.keys().next().value
      if (oldest !== undefined) own.delete(oldest)
    }
  }

  reasonFor(userId: string, sessionId: string): EndReason | undefined {
    return this.#byUser.get(userId)?.get(sessionId)
  }

  /** The id is live again (registered anew): it has no reason to be told any more. */
  forget(userId: string, sessionId: string): void {
    this.#byUser.get(userId)?.delete(sessionId)
  }

  users(): IterableIterator<string> {
    return this.#byUser.keys()
  }

  /** The user's revoked ids and why, oldest first. */
  of(userId: string): { id: string; reason: EndReason }[] {
    return [...(this.#byUser.get(userId) ?? [])].map(([id, reason]) => ({ id, reason }))
  }
}
