import { decisionTemplates } from '../../kernel/messages.ts'
import type { MailCooldown } from '../mail/mail-cooldown.ts'

/**
 * A wait for an address the auth server will not mail yet: its seconds and message (보안을 위해 메일은
 * N초 후에 …) counts down each second on the client's clock, then is null. It hears the seconds
 * only while `listen()` runs (someone watches the flow), so a flow nobody shows runs no timer.
 */
export interface MailWait {
  /** The address waited for, or null for none (the wait is over for the form: a new submit). */
  waitFor(email: string | null): void
  readonly waiting: boolean
  /** Whole seconds until the address may be mailed again; 0 when it may now, or for no address. */
  secondsLeft(): number
  /** The countdown's words, or null when there is no wait or it is over. */
  message(): string | null
  /** Hears each second of the wait (calls `onTick`); returns the stop. */
  listen(): () => void
}

export function createMailWait(
  cooldown: Pick<MailCooldown, 'secondsLeft' | 'subscribe'>,
  onTick: () => void,
): MailWait {
  let email: string | null = null
  let listening = false
  let unsubscribe: (() => void) | null = null

  const secondsLeft = () => (email === null ? 0 : cooldown.secondsLeft(email))
  const follow = () => {
    unsubscribe?.()
    unsubscribe = listening && email !== null ? cooldown.subscribe(email, onTick) : null
  }

  return {
    waitFor(address) {
      email = address
      follow()
    },
    get waiting() {
      return email !== null
    },
    secondsLeft,
    message() {
      const seconds = secondsLeft()
      return seconds > 0 ? decisionTemplates.mailWait(seconds) : null
    },
    listen() {
      listening = true
      follow()
      // Seconds went by while nobody listened: the message catches up at once.
      if (email !== null) onTick()
      return () => {
        listening = false
        follow()
      }
    },
  }
}
