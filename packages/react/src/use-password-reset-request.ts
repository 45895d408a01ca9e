import { decisionTemplates } from '@coursekit/core'
import { useCallback, useRef, useState } from 'react'
import { type EmailFieldError, emailError, textOf } from './account-form-rules.ts'
import { useAuthService } from './use-auth.ts'
import { useMailCooldown } from './use-mail-cooldown.ts'

export type PasswordResetRequestStatus = 'idle' | 'submitting' | 'sent' | 'failed'

export interface PasswordResetRequestView {
  status: PasswordResetRequestStatus
  /** After a submit that did not pass the form's check (nothing was sent). */
  fieldErrors: { email?: EmailFieldError }
  /** The address the reset link went to (the server answers alike for an unknown one). */
  email: string | null
  /**
   * The spec's 비밀번호 재설정 이메일 발송 실패 when the mail could not be sent (also toasted), or,
   * when the auth server will not mail this address yet, how long to wait (counting down).
   */
  message: string | null
  /** Checks the form's `email`; when it passes, mails a link to /sign/reset-password/confirm. */
  submit(form: FormData | { email: string }): Promise<void>
  /** Back to the form. */
  reset(): void
}

type State = Omit<PasswordResetRequestView, 'submit' | 'reset'> & {
  /** The address the auth server refused to mail yet: the message counts down its wait. */
  waitingFor: string | null
}
const idle: State = { status: 'idle', fieldErrors: {}, email: null, message: null, waitingFor: null }

/** The "forgot my password" form: one address, a reset link mailed to it. */
export function usePasswordResetRequest(): PasswordResetRequestView {
  const auth = useAuthService()
  const [state, setState] = useState<State>(idle)
  const secondsLeft = useMailCooldown(state.waitingFor)
  const submitting = useRef(false)

  const submit = useCallback(
    async (form: FormData | { email: string }) => {
      if (submitting.current) return
      const email = textOf(form, 'email').trim()
      const error = emailError(email)
      if (error) {
        setState({ ...idle, fieldErrors: { email: error } })
        return
      }
      submitting.current = true
      setState({ ...idle, status: 'submitting' })
      try {
        const result = await auth.requestPasswordReset(email)
        if (result.status === 'ok') setState({ ...idle, status: 'sent', email })
        else if (result.waitSeconds !== undefined) setState({ ...idle, status: 'failed', waitingFor: email })
        else setState({ ...idle, status: 'failed', message: result.message })
      } finally {
        submitting.current = false
      }
    },
    [auth],
  )

  const reset = useCallback(() => setState(idle), [])
  const { waitingFor, ...shown } = state
  const message = waitingFor ? (secondsLeft > 0 ? decisionTemplates.mailWait(secondsLeft) : null) : state.message
  return { ...shown, message, submit, reset }
}
