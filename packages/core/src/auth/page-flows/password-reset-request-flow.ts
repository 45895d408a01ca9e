import type { AuthService } from '../auth-service.ts'
import { type EmailFieldError, emailError, type FormInput, textOf } from './account-form-rules.ts'
import { createFlowStore } from './flow-store.ts'
import { createMailWait } from './mail-wait.ts'

export type PasswordResetRequestStatus = 'idle' | 'submitting' | 'sent' | 'failed'

/** The "forgot my password" form as a UI shows it. A new object whenever anything in it changes. */
export interface PasswordResetRequestSnapshot {
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
}

/**
 * The "forgot my password" form over `client.auth`: one address, a reset link mailed to it (to
 * /sign/reset-password/confirm). A wait the auth server asks for counts down in `message` while
 * anyone listens.
 */
export interface PasswordResetRequestFlow {
  getSnapshot(): PasswordResetRequestSnapshot
  subscribe(listener: () => void): () => void
  /** Checks the form's `email`; when it passes, mails the link. */
  submit(form: FormInput | { email: string }): Promise<void>
  /** Back to the form. */
  reset(): void
}

const idle: PasswordResetRequestSnapshot = { status: 'idle', fieldErrors: {}, email: null, message: null }

export function createPasswordResetRequestFlow(auth: AuthService): PasswordResetRequestFlow {
  const wait = createMailWait(auth.mailCooldown, () => state.set({ message: wait.message() }))
  const state = createFlowStore(idle, () => wait.listen())
  let submitting = false

  const show = (outcome: Partial<PasswordResetRequestSnapshot>) => {
    wait.waitFor(null)
    state.replace({ ...idle, ...outcome })
  }

  return {
    getSnapshot: state.getSnapshot,
    subscribe: state.subscribe,

    async submit(form) {
      if (submitting) return
      const email = textOf(form, 'email').trim()
      const error = emailError(email)
      if (error) {
        show({ fieldErrors: { email: error } })
        return
      }
      submitting = true
      show({ status: 'submitting' })
      try {
        const result = await auth.requestPasswordReset(email)
        if (result.status === 'ok') show({ status: 'sent', email })
        else if (result.waitSeconds !== undefined) {
          show({ status: 'failed' })
          wait.waitFor(email)
          state.set({ message: wait.message() })
        } else show({ status: 'failed', message: result.message })
      } finally {
        submitting = false
      }
    },

    reset: () => show({}),
  }
}
