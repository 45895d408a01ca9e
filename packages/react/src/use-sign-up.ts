import { useCallback, useRef, useState } from 'react'
import {
  compact,
  type EmailFieldError,
  emailError,
  type NewPasswordFieldError,
  newPasswordError,
  passwordConfirmError,
  textOf,
} from './account-form-rules.ts'
import { useAuthService } from './use-auth.ts'

export type SignUpStatus = 'idle' | 'submitting' | 'failed' | 'verification-required'

export interface SignUpFieldErrors {
  email?: EmailFieldError
  password?: NewPasswordFieldError
  passwordConfirm?: NewPasswordFieldError
}

export interface SignUpView {
  status: SignUpStatus
  /** Per field, after a submit that did not pass the form's checks (nothing was sent). */
  fieldErrors: SignUpFieldErrors
  /** Why the account was not created (the spec's 계정 생성 … messages, also toasted by the core). */
  message: string | null
  /** The address the confirmation e-mail went to, once the account exists. */
  email: string | null
  /** Checks the form (`email`, `password`, `passwordConfirm`); when it passes, creates the account. */
  submit(form: FormData | { email: string; password: string; passwordConfirm: string }): Promise<void>
  /** Sends the confirmation e-mail again (after the account was created). */
  resend(): Promise<boolean>
  /** Back to the form (from the "check your e-mail" screen). */
  reset(): void
}

type SignUpState = Omit<SignUpView, 'submit' | 'resend' | 'reset'>

const idle: SignUpState = { status: 'idle', fieldErrors: {}, message: null, email: null }

/**
 * The e-mail sign-up form: checks the address and the new password (twice) before sending anything,
 * creates the account (its confirmation link comes back to /auth/callback), and then offers to send
 * the confirmation again.
 */
export function useSignUp(): SignUpView {
  const auth = useAuthService()
  const [state, setState] = useState<SignUpState>(idle)
  const submitting = useRef(false)

  const submit = useCallback(
    async (form: FormData | { email: string; password: string; passwordConfirm: string }) => {
      if (submitting.current) return
      const email = textOf(form, 'email').trim()
      const password = textOf(form, 'password')
      const fieldErrors = compact({
        email: emailError(email),
        password: newPasswordError(password),
        passwordConfirm: passwordConfirmError(password, textOf(form, 'passwordConfirm')),
      })
      if (Object.keys(fieldErrors).length > 0) {
        setState({ ...idle, fieldErrors })
        return
      }
      submitting.current = true
      setState({ ...idle, status: 'submitting' })
      try {
        const result = await auth.signUp({ email, password })
        if (result.status === 'verification-required') {
          setState({ ...idle, status: 'verification-required', email: result.email, message: result.message })
        } else {
          setState({ ...idle, status: 'failed', message: result.message })
        }
      } finally {
        submitting.current = false
      }
    },
    [auth],
  )

  const resend = useCallback(async () => {
    if (!state.email) return false
    return (await auth.resendConfirmation(state.email)).status === 'ok'
  }, [auth, state.email])

  const reset = useCallback(() => setState(idle), [])

  return { ...state, submit, resend, reset }
}
