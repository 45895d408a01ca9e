import type { AuthService } from '../auth-service.ts'
import type { MailPurpose } from '../mail/mailed-addresses.ts'
import { createFlowStore } from './flow-store.ts'
import { createMailWait } from './mail-wait.ts'

export type MailResendStatus = 'idle' | 'sending' | 'sent' | 'failed'

/** "Send it again" as a UI shows it. A new object whenever anything in it changes. */
export interface MailResendSnapshot {
  /** The address the mail goes to: the one given, else the one this browser last asked this mail for. */
  email: string | null
  status: MailResendStatus
  /** Seconds until the auth server mails this address again (0: now); the button waits them out. */
  secondsLeft: number
  /** Why the last try failed (not a wait: that is `secondsLeft`). */
  message: string | null
}

/**
 * "Send it again" for a mail with a link: the confirmation (`signup`) or the password reset
 * (`recovery`), to the address given or, without one, to the address this browser asked it for
 * (so a person whose link expired never types it again). A refusal as too soon counts down
 * `secondsLeft` on the client's clock, while anyone listens, instead of failing.
 */
export interface MailResendFlow {
  getSnapshot(): MailResendSnapshot
  subscribe(listener: () => void): () => void
  /** Sends it again (the sign-up confirmation, or a new password-reset link); nothing while waiting. */
  resend(): Promise<void>
}

export function createMailResendFlow(auth: AuthService, purpose: MailPurpose, email?: string | null): MailResendFlow {
  const address = email ?? auth.mailedAddress(purpose)
  const wait = createMailWait(auth.mailCooldown, () => state.set({ secondsLeft: wait.secondsLeft() }))
  wait.waitFor(address)
  const state = createFlowStore<MailResendSnapshot>(
    { email: address, status: 'idle', secondsLeft: wait.secondsLeft(), message: null },
    () => wait.listen(),
  )
  let sending = false

  return {
    getSnapshot: state.getSnapshot,
    subscribe: state.subscribe,
    async resend() {
      if (!address || sending || wait.secondsLeft() > 0) return
      sending = true
      state.set({ status: 'sending', message: null })
      try {
        const result =
          purpose === 'signup' ? await auth.resendConfirmation(address) : await auth.requestPasswordReset(address)
        if (result.status === 'ok') state.set({ status: 'sent', message: null })
        else if (result.waitSeconds !== undefined) state.set({ status: 'idle', message: null })
        else state.set({ status: 'failed', message: result.message })
        state.set({ secondsLeft: wait.secondsLeft() })
      } finally {
        sending = false
      }
    },
  }
}
