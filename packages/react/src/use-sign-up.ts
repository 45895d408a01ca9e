import {
  decisionTemplates,
  missingConsents,
  SIGN_UP_CONSENTS,
  type SignUpConsent,
  type SignUpConsents,
} from '@coursekit/core'
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
import { useMailCooldown } from './use-mail-cooldown.ts'

export type SignUpStatus = 'idle' | 'submitting' | 'failed' | 'verification-required'

export interface SignUpFieldErrors {
  email?: EmailFieldError
  password?: NewPasswordFieldError
  passwordConfirm?: NewPasswordFieldError
  /** The required consents not given (이용약관, 개인정보 수집·이용, 만 14세 이상). */
  consents?: SignUpConsent[]
}

export interface SignUpView {
  status: SignUpStatus
  /** Per field, after a submit that did not pass the form's checks (nothing was sent). */
  fieldErrors: SignUpFieldErrors
  /**
   * Why the account was not created (the spec's 계정 생성 … messages, also toasted by the core), or,
   * when the auth server will not mail this address yet, how long to wait (counting down).
   */
  message: string | null
  /** The address the confirmation e-mail went to, once the account exists. */
  email: string | null
  /** Each consent, as ticked. */
  consents: Readonly<Record<SignUpConsent, boolean>>
  /** True when every consent is ticked (전체 동의). */
  allConsented: boolean
  setConsent(consent: SignUpConsent, given: boolean): void
  /** 전체 동의: ticks or unticks every consent. */
  setAllConsents(given: boolean): void
  /** Checks the form (`email`, `password`, `passwordConfirm`, the consents); when it passes, creates the account. */
  submit(form: FormData | { email: string; password: string; passwordConfirm: string }): Promise<void>
  /** Back to the form (from the "check your e-mail" screen). */
  reset(): void
}

interface SignUpState {
  status: SignUpStatus
  fieldErrors: SignUpFieldErrors
  message: string | null
  email: string | null
  /** The address the auth server refused to mail yet: the message counts down its wait. */
  waitingFor: string | null
}

const idle: SignUpState = { status: 'idle', fieldErrors: {}, message: null, email: null, waitingFor: null }
const noConsents = Object.fromEntries(SIGN_UP_CONSENTS.map((consent) => [consent, false])) as Record<
  SignUpConsent,
  boolean
>

/**
 * The e-mail sign-up form: checks the address, the new password (twice) and the required consents
 * before sending anything, creates the account (its confirmation link comes back to /auth/callback),
 * and shows the check-your-e-mail screen, the same for an address that already has an account.
 */
export function useSignUp(): SignUpView {
  const auth = useAuthService()
  const [state, setState] = useState<SignUpState>(idle)
  const [consents, setConsents] = useState<Record<SignUpConsent, boolean>>(noConsents)
  const secondsLeft = useMailCooldown(state.waitingFor)
  const submitting = useRef(false)

  const setConsent = useCallback((consent: SignUpConsent, given: boolean) => {
    setConsents((current) => ({ ...current, [consent]: given }))
    setState((current) => withoutConsentError(current, consent))
  }, [])
  const setAllConsents = useCallback((given: boolean) => {
    setConsents(Object.fromEntries(SIGN_UP_CONSENTS.map((consent) => [consent, given])) as typeof noConsents)
    if (given)
      setState((current) => compactState({ ...current, fieldErrors: { ...current.fieldErrors, consents: undefined } }))
  }, [])

  const submit = useCallback(
    async (form: FormData | { email: string; password: string; passwordConfirm: string }) => {
      if (submitting.current) return
      const email = textOf(form, 'email').trim()
      const password = textOf(form, 'password')
      const missing = missingConsents(consents)
      const fieldErrors = compact({
        email: emailError(email),
        password: newPasswordError(password),
        passwordConfirm: passwordConfirmError(password, textOf(form, 'passwordConfirm')),
        consents: missing.length > 0 ? missing : undefined,
      })
      if (Object.keys(fieldErrors).length > 0) {
        setState({ ...idle, fieldErrors })
        return
      }
      submitting.current = true
      setState({ ...idle, status: 'submitting' })
      try {
        const result = await auth.signUp({ email, password, consents: consents as SignUpConsents })
        if (result.status === 'verification-required') {
          setState({ ...idle, status: 'verification-required', email: result.email, message: result.message })
        } else if (result.waitSeconds !== undefined) {
          setState({ ...idle, status: 'failed', waitingFor: email })
        } else {
          setState({ ...idle, status: 'failed', message: result.message })
        }
      } finally {
        submitting.current = false
      }
    },
    [auth, consents],
  )

  const reset = useCallback(() => setState(idle), [])

  const { waitingFor, ...shown } = state
  const message = waitingFor ? (secondsLeft > 0 ? decisionTemplates.mailWait(secondsLeft) : null) : state.message
  const allConsented = SIGN_UP_CONSENTS.every((consent) => consents[consent])
  return { ...shown, message, consents, allConsented, setConsent, setAllConsents, submit, reset }
}

/** Ticking a consent clears it from the error (the others stay until they are ticked too). */
function withoutConsentError(state: SignUpState, consent: SignUpConsent): SignUpState {
  const missing = state.fieldErrors.consents
  if (!missing?.includes(consent)) return state
  const rest = missing.filter((each) => each !== consent)
  return compactState({ ...state, fieldErrors: { ...state.fieldErrors, consents: rest.length > 0 ? rest : undefined } })
}

function compactState(state: SignUpState): SignUpState {
  return { ...state, fieldErrors: compact({ ...state.fieldErrors }) }
}
