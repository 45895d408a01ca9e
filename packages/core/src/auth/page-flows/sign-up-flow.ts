import type { AuthService } from '../auth-service.ts'
import {
  missingConsents,
  SIGN_UP_CONSENTS,
  type SignUpConsent,
  type SignUpConsents,
} from '../flows/sign-up-consents.ts'
import {
  compact,
  type EmailFieldError,
  emailError,
  type FormInput,
  type NewPasswordFieldError,
  newPasswordError,
  passwordConfirmError,
  textOf,
} from './account-form-rules.ts'
import { createFlowStore } from './flow-store.ts'
import { createMailWait } from './mail-wait.ts'

export type SignUpStatus = 'idle' | 'submitting' | 'failed' | 'verification-required'

export interface SignUpFieldErrors {
  email?: EmailFieldError
  password?: NewPasswordFieldError
  passwordConfirm?: NewPasswordFieldError
  /** The required consents not given (이용약관, 개인정보 수집·이용, 만 14세 이상). */
  consents?: SignUpConsent[]
}

/** The sign-up form as a UI shows it. A new object whenever anything in it changes. */
export interface SignUpSnapshot {
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
}

/** The fields of a sign-up form. */
export type SignUpForm = FormInput | { email: string; password: string; passwordConfirm: string }

/**
 * The e-mail sign-up form over `client.auth`: checks the address, the new password (twice) and the
 * required consents before sending anything, creates the account (its confirmation link comes back
 * to /auth/callback), and ends on the check-your-e-mail step, the same for an address that already
 * has an account. A wait the auth server asks for counts down in `message` while anyone listens.
 */
export interface SignUpFlow {
  getSnapshot(): SignUpSnapshot
  subscribe(listener: () => void): () => void
  setConsent(consent: SignUpConsent, given: boolean): void
  /** 전체 동의: ticks or unticks every consent. */
  setAllConsents(given: boolean): void
  /** Checks the form (`email`, `password`, `passwordConfirm`, the consents); when it passes, creates the account. */
  submit(form: SignUpForm): Promise<void>
  /** Back to the form (from the "check your e-mail" step); the consents stay as ticked. */
  reset(): void
}

const allConsentsAs = (given: boolean) =>
  Object.freeze(Object.fromEntries(SIGN_UP_CONSENTS.map((consent) => [consent, given]))) as Readonly<
    Record<SignUpConsent, boolean>
  >

const form = { status: 'idle', fieldErrors: {}, message: null, email: null } as const

export function createSignUpFlow(auth: AuthService): SignUpFlow {
  const wait = createMailWait(auth.mailCooldown, () => state.set({ message: wait.message() }))
  const state = createFlowStore<SignUpSnapshot>({ ...form, consents: allConsentsAs(false), allConsented: false }, () =>
    wait.listen(),
  )
  let submitting = false

  /** The form's outcome; the consents are the person's and stay. */
  const show = (outcome: Partial<Pick<SignUpSnapshot, 'status' | 'fieldErrors' | 'message' | 'email'>>) => {
    wait.waitFor(null)
    state.set({ ...form, ...outcome })
  }

  const setConsents = (consents: Readonly<Record<SignUpConsent, boolean>>) =>
    state.set({ consents, allConsented: SIGN_UP_CONSENTS.every((consent) => consents[consent]) })

  const setMissing = (missing: SignUpConsent[] | undefined) =>
    state.set({ fieldErrors: compact({ ...state.getSnapshot().fieldErrors, consents: missing }) })

  return {
    getSnapshot: state.getSnapshot,
    subscribe: state.subscribe,

    setConsent(consent, given) {
      setConsents(Object.freeze({ ...state.getSnapshot().consents, [consent]: given }))
      // Ticking a consent clears it from the error (the others stay until they are ticked too).
      const missing = state.getSnapshot().fieldErrors.consents
      if (!missing?.includes(consent)) return
      const rest = missing.filter((each) => each !== consent)
      setMissing(rest.length > 0 ? rest : undefined)
    },

    setAllConsents(given) {
      setConsents(allConsentsAs(given))
      if (given) setMissing(undefined)
    },

    async submit(input) {
      if (submitting) return
      const { consents } = state.getSnapshot()
      const email = textOf(input, 'email').trim()
      const password = textOf(input, 'password')
      const missing = missingConsents(consents)
      const fieldErrors = compact({
        email: emailError(email),
        password: newPasswordError(password),
        passwordConfirm: passwordConfirmError(password, textOf(input, 'passwordConfirm')),
        consents: missing.length > 0 ? missing : undefined,
      })
      if (Object.keys(fieldErrors).length > 0) {
        show({ fieldErrors })
        return
      }
      submitting = true
      show({ status: 'submitting' })
      try {
        const result = await auth.signUp({ email, password, consents: consents as SignUpConsents })
        if (result.status === 'verification-required') {
          show({ status: 'verification-required', email: result.email, message: result.message })
        } else if (result.waitSeconds !== undefined) {
          show({ status: 'failed' })
          wait.waitFor(email)
          state.set({ message: wait.message() })
        } else {
          show({ status: 'failed', message: result.message })
        }
      } finally {
        submitting = false
      }
    },

    reset: () => show({}),
  }
}
