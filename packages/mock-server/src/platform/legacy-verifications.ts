import { normaliseEmail } from '../users.ts'

/**
 * Legacy e-mails whose old password was verified. Such an e-mail may get a new account through
 * users/create; an unverified one is still owned by the old platform and counts as taken.
 */
export class LegacyVerifications {
  readonly #verified = new Set<string>()

  markVerified(email: string): void {
    this.#verified.add(normaliseEmail(email))
  }

  isVerified(email: string): boolean {
    return this.#verified.has(normaliseEmail(email))
  }

  forget(email: string): void {
    this.#verified.delete(normaliseEmail(email))
  }
}
