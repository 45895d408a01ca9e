import type { Clock } from '@coursekit/core/clock'
import { normaliseEmail, randomHex } from '../users.ts'

/** GoTrue's mailer OTP expiry default: one day. */
export const EMAIL_LINK_LIFETIME_MS = 24 * 3600_000

export type OneTimeTokenType = 'signup' | 'recovery' | 'email_change'

export interface OneTimeToken {
  token: string
  type: OneTimeTokenType
  userId: string
  /** The address the link was mailed to: for an e-mail change, the current or the new one. */
  email: string
  /** For an e-mail change, the address the account moves to (both of its links carry it). */
  newEmail?: string
  /** A link of the PKCE flow: following it hands out the user's newest flow code instead of tokens. */
  pkce: boolean
  createdAt: number
}

/**
 * The tokens inside e-mail links. One live token per user and type, as GoTrue keeps one
 * confirmation and one recovery token per user: sending a new mail invalidates the previous link.
 * An e-mail change is the exception: a pair, one link to the current address and one to the new.
 */
export class OneTimeTokenStore {
  readonly #clock: Clock
  readonly #tokens = new Map<string, OneTimeToken>()

  constructor(clock: Clock) {
    this.#clock = clock
  }

  issue(fields: Omit<OneTimeToken, 'token' | 'createdAt' | 'newEmail'>): OneTimeToken {
    this.#retire(fields.userId, fields.type)
    return this.#add(fields)
  }

  /**
   * GoTrue's secure e-mail change: a link to the current address and one to the new, replacing any
   * earlier pair. The change happens when both have been followed (see `take`'s caller).
   */
  issueEmailChange(fields: { userId: string; currentEmail: string; newEmail: string; pkce: boolean }) {
    const { userId, pkce } = fields
    const newEmail = normaliseEmail(fields.newEmail)
    this.#retire(userId, 'email_change')
    return {
      current: this.#add({ type: 'email_change', userId, email: fields.currentEmail, newEmail, pkce }),
      next: this.#add({ type: 'email_change', userId, email: newEmail, newEmail, pkce }),
    }
  }

  #retire(userId: string, type: OneTimeTokenType): void {
    for (const existing of this.#tokens.values()) {
      if (existing.userId === userId && existing.type === type) this.#tokens.delete(existing.token)
    }
  }

  #add(fields: Omit<OneTimeToken, 'token' | 'createdAt'>): OneTimeToken {
    // GoTrue prefixes PKCE link tokens so GET /verify knows to answer with ?code= instead of tokens.
    const token = `${fields.pkce ? 'pkce_' : ''}${randomHex(28)}`
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

  /** A live link of the user's pending e-mail change, if any (its `newEmail` is where the account moves). */
  pendingEmailChange(userId: string): OneTimeToken | undefined {
    for (const record of this.#tokens.values()) {
      if (record.userId === userId && record.type === 'email_change') return record
    }
    return undefined
  }

  /** For the dev routes: the user's links were mailed `ms` earlier. */
  backdateUser(userId: string, ms: number): void {
    for (const record of this.#tokens.values()) if (record.userId === userId) record.createdAt -= ms
  }

  /** A password change makes every outstanding link of the user worthless, as in GoTrue. */
  clearUser(userId: string): void {
    for (const record of this.#tokens.values()) if (record.userId === userId) this.#tokens.delete(record.token)
  }
}
