import type { Clock } from '@coursekit/core/clock'
import {
  PHONE_CODE_LENGTH,
  PHONE_CODE_LIFETIME_SEC,
  PHONE_CODE_RESEND_INTERVAL_SEC,
  type PhoneCodeRejection,
} from '@coursekit/core/contract'
import type { SmsOutbox } from '../sms-outbox.ts'
import { randomHex } from '../users.ts'

/** Wrong tries a code survives; the next wrong one voids it, so six digits cannot be walked. */
export const MAX_CODE_ATTEMPTS = 5
/** How long a verified number's token is good for users/create: time to fill in the rest of the form. */
export const VERIFICATION_TOKEN_LIFETIME_MS = 30 * 60_000

interface PendingCode {
  code: string
  sentAt: number
  expiresAt: number
  wrongAttempts: number
}

interface VerifiedPhone {
  national: string
  expiresAt: number
}

export type SendResult = { kind: 'sent'; expiresInSec: number } | { kind: 'too-soon'; retryAfterSec: number }

export type VerifyResult = { kind: 'verified'; token: string } | { kind: 'rejected'; reason: PhoneCodeRejection }

/**
 * Codes sent, and numbers verified, on the backend's clock. Numbers are the national digits of
 * normaliseKoreanPhone, so every written form of a number shares its codes and its resend limit.
 */
export class PhoneVerifications {
  readonly #clock: Clock
  readonly #outbox: SmsOutbox
  readonly #pending = new Map<string, PendingCode>()
  readonly #lastSentAt = new Map<string, number>()
  readonly #tokens = new Map<string, VerifiedPhone>()

  constructor(clock: Clock, outbox: SmsOutbox) {
    this.#clock = clock
    this.#outbox = outbox
  }

  /** A new code replaces the number's previous one; at most one send a minute per number. */
  send(national: string): SendResult {
    const now = this.#clock.now()
    const last = this.#lastSentAt.get(national)
    const nextAllowed = last === undefined ? now : last + PHONE_CODE_RESEND_INTERVAL_SEC * 1000
    if (now < nextAllowed) return { kind: 'too-soon', retryAfterSec: Math.ceil((nextAllowed - now) / 1000) }
    const code = randomCode()
    this.#pending.set(national, {
      code,
      sentAt: now,
      expiresAt: now + PHONE_CODE_LIFETIME_SEC * 1000,
      wrongAttempts: 0,
    })
    this.#lastSentAt.set(national, now)
    this.#outbox.sendCode(national, code, PHONE_CODE_LIFETIME_SEC / 60)
    return { kind: 'sent', expiresInSec: PHONE_CODE_LIFETIME_SEC }
  }

  /** A right code is used up and becomes a token for users/create. */
  verify(national: string, code: string): VerifyResult {
    const now = this.#clock.now()
    const pending = this.#pending.get(national)
    if (!pending || now >= pending.expiresAt) {
      this.#pending.delete(national)
      return { kind: 'rejected', reason: 'expired' }
    }
    if (pending.code !== code) {
      pending.wrongAttempts++
      if (pending.wrongAttempts < MAX_CODE_ATTEMPTS) return { kind: 'rejected', reason: 'mismatch' }
      this.#pending.delete(national)
      return { kind: 'rejected', reason: 'attempts-exceeded' }
    }
    this.#pending.delete(national)
    const token = `pv_${randomHex(24)}`
    this.#tokens.set(token, { national, expiresAt: now + VERIFICATION_TOKEN_LIFETIME_MS })
    return { kind: 'verified', token }
  }

  /** Whether the token verified this number and is still good. Changes nothing. */
  isVerified(token: string | null | undefined, national: string): boolean {
    if (!token) return false
    const verified = this.#tokens.get(token)
    if (!verified) return false
    if (this.#clock.now() >= verified.expiresAt) {
      this.#tokens.delete(token)
      return false
    }
    return verified.national === national
  }

  /** A token is good for one record: users/create uses it up when it saves the phone. */
  consume(token: string): void {
    this.#tokens.delete(token)
  }
}

function randomCode(): string {
  const [value = 0] = crypto.getRandomValues(new Uint32Array(1))
  return String(value % 10 ** PHONE_CODE_LENGTH).padStart(PHONE_CODE_LENGTH, '0')
}
