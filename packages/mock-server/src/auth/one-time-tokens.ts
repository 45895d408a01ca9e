import type { Clock } from '@coursekit/core/clock'
import { normaliseEmail, randomHex } from '../users.ts'

/** GoTrue's mailer OTP expiry default: one day. */
export const EMAIL_LINK_LIFETIME_MS = 24 * 3600_000

export type OneTimeTokenType = 'signup' | 'recovery' | 'email_change'

export interface OneTimeToken {
  token: string
  type: OneTimeTokenType
  userId: string
  /** The address the link was mailed to; for email_change, the new address. */
  email: string
  /** The PKCE flow the link belongs to; null for the implicit flow. */
  flowStateId: string | null
  createdAt: number
}

/**
 * The tokens inside e-mail links. One live token per user and type, as GoTrue keeps one
 * confirmation and one recovery token per user: sending a new mail invalidates the previous link.
 */
export class OneTimeTokenStore {
  readonly #clock: Clock
  readonly #tokens = new Map<string, OneTimeToken>()

  constructor(clock: Clock) {
    this.#clock = clock
  }

  issue(fields: Omit<OneTimeToken, 'token' | 'createdAt'>): OneTimeToken {
    for (const existing of this.#tokens.values()) {
      if (existing.userId === fields.userId && existing.type === fields.type) this.#tokens.delete(existing.token)
    }
    // GoTrue prefixes PKCE link tokens so GET /verify knows to answer with ?code= instead of tokens.
    const token = `${fields.flowStateId === null ? '' : 'pkce_'}${randomHex(28)}`
    const record: OneTimeToken = { ...fields, email: normaliseEmail(fields.email), token, createdAt: this.#clock.now() }
    this.#tokens.set(token, record)
    return record
  }

  /**
   * Consumes a live token of one of the given types; an unknown, spent or expired one gives undefined.
   * With `email`, a token mailed to another address is neither returned nor consumed.
   */
  take(token: string, types: readonly OneTimeTokenType[], email?: string): OneTimeToken | undefined {
    const record = this.#tokens.get(token)
    if (!record || !types.includes(record.type)) return undefined
    if (email !== undefined && record.email !== normaliseEmail(email)) return undefined
    this.#tokens.delete(token)
    if (this.#clock.now() > record.createdAt + EMAIL_LINK_LIFETIME_MS) return undefined
    return record
  }

  /** The address a pending e-mail change waits to confirm, if any. */
  pendingEmailChange(userId: string): OneTimeToken | undefined {
    for (const record of this.#tokens.values()) {
      if (record.userId === userId && record.type === 'email_change') return record
    }
    return undefined
  }

  /** A password change makes every outstanding link of the user worthless, as in GoTrue. */
  clearUser(userId: string): void {
    for (const record of this.#tokens.values()) if (record.userId === userId) this.#tokens.delete(record.token)
  }
}
