import type { Clock } from '../../kernel/clock.ts'
import type { KeyValueStorage } from '../../kernel/ports.ts'
import { storageKeys } from '../../kernel/storage-keys.ts'

/** What a mail was for: the sign-up confirmation (and its resends), or a password reset. */
export type MailPurpose = 'signup' | 'recovery'

/**
 * How long an address is remembered: a day, as long as a mailed link can be followed at the
 * longest; after that the person is better served by the form than by an old address.
 */
export const MAILED_ADDRESS_TTL_MS = 24 * 3600_000

/**
 * The address this browser last asked a mail for, per purpose, so a link that turns out expired or
 * used can be answered with "send a new one" without asking for the address again.
 */
export interface MailedAddresses {
  remember(purpose: MailPurpose, email: string): void
  /** The address, or null when none was asked for here within a day. */
  recall(purpose: MailPurpose): string | null
  forget(purpose: MailPurpose): void
}

type Stored = Partial<Record<MailPurpose, { email: string; at: number }>>

export function createMailedAddresses(storage: KeyValueStorage, clock: Clock): MailedAddresses {
  const read = (): Stored => {
    try {
      const parsed: unknown = JSON.parse(storage.get(storageKeys.mailedAddresses) ?? '{}')
      return typeof parsed === 'object' && parsed !== null ? (parsed as Stored) : {}
    } catch {
      return {}
    }
  }
  const write = (stored: Stored) => {
    if (Object.keys(stored).length === 0) storage.remove(storageKeys.mailedAddresses)
    else storage.set(storageKeys.mailedAddresses, JSON.stringify(stored))
  }
  return {
    remember(purpose, email) {
      write({ ...read(), [purpose]: { email: email.trim(), at: clock.now() } })
    },
    recall(purpose) {
      const entry = read()[purpose]
      if (!entry || typeof entry.email !== 'string' || typeof entry.at !== 'number') return null
      if (clock.now() - entry.at > MAILED_ADDRESS_TTL_MS) return null
      return entry.email
    },
    forget(purpose) {
      const { [purpose]: _, ...rest } = read()
      write(rest)
    },
  }
}
