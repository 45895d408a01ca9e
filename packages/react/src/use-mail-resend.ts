import type { MailPurpose } from '@coursekit/core'
import { useCallback, useRef, useState } from 'react'
import { useAuthService } from './use-auth.ts'
import { useMailCooldown } from './use-mail-cooldown.ts'

export type MailResendStatus = 'idle' | 'sending' | 'sent' | 'failed'

export interface MailResendView {
  /** The address the mail goes to: the one given, else the one this browser last asked this mail for. */
  email: string | null
  status: MailResendStatus
  /** Seconds until the auth server mails this address again (0: now); the button waits them out. */
  secondsLeft: number
  /** Why the last try failed (not a wait: that is `secondsLeft`). */
  message: string | null
  /** Sends it again (the sign-up confirmation, or a new password-reset link); nothing while waiting. */
  resend(): Promise<void>
}

/**
 * "Send it again" for a mail with a link: the confirmation (`signup`) or the password reset
 * (`recovery`), to `email` or, without one, to the address this browser asked it for (so a person
 * whose link expired never types it again). A refusal as too soon counts down instead of failing.
 */
export function useMailResend(purpose: MailPurpose, email?: string | null): MailResendView {
  const auth = useAuthService()
  const [remembered] = useState(() => auth.mailedAddress(purpose))
  const address = email ?? remembered
  const secondsLeft = useMailCooldown(address)
  const [state, setState] = useState<{ status: MailResendStatus; message: string | null }>({
    status: 'idle',
    message: null,
  })
  const sending = useRef(false)

  const resend = useCallback(async () => {
    if (!address || sending.current || auth.mailCooldown.secondsLeft(address) > 0) return
    sending.current = true
    setState({ status: 'sending', message: null })
    try {
      const result =
        purpose === 'signup' ? await auth.resendConfirmation(address) : await auth.requestPasswordReset(address)
      if (result.status === 'ok') setState({ status: 'sent', message: null })
      else if (result.waitSeconds !== undefined) setState({ status: 'idle', message: null })
      else setState({ status: 'failed', message: result.message })
    } finally {
      sending.current = false
    }
  }, [auth, purpose, address])

  return { email: address, ...state, secondsLeft, resend }
}
