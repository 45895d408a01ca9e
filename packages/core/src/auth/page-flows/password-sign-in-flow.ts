import * as z from 'zod/mini'
import { VerifyLegacyPasswordRequest } from '../../contract/users.ts'
import { afterSignInTarget, safeRedirectPath } from '../flows/redirect-target.ts'
import { type FormInput, textOf } from './account-form-rules.ts'
import { createFlowStore } from './flow-store.ts'
import type { PageFlowDeps } from './page-flow-deps.ts'

/** The sign-in form as the contract takes an e-mail and a password, with the address's form checked. */
const PasswordSignInForm = z.object({
  email: VerifyLegacyPasswordRequest.shape.email.check(z.email()),
  password: VerifyLegacyPasswordRequest.shape.password,
})

/** What is wrong with a field: the page words it. */
export type SignInFieldError = 'required' | 'invalid'

export type PasswordSignInStatus = 'idle' | 'submitting' | 'failed' | 'verification-required' | 'signed-in'

/** The sign-in form as a UI shows it. A new object whenever anything in it changes. */
export interface PasswordSignInSnapshot {
  status: PasswordSignInStatus
  /** Per field, after a submit that did not pass the form's checks (nothing was sent). */
  fieldErrors: { email?: SignInFieldError; password?: SignInFieldError }
  /** The spec's message for a refused sign-in (wrong credentials, status 0 account, ...). */
  message: string | null
  /** The address a confirmation e-mail went to, when verification is required. */
  email: string | null
  /** The address the form starts with (after a password reset in this browser), else null. */
  suggestedEmail: string | null
}

export interface PasswordSignInOptions {
  /** The `?redirect=` value the page was opened with, read at each sign-in (made safe there). */
  returnTo?: () => string | null | undefined
  /** The address the form starts with. */
  suggestedEmail?: string | null
}

/**
 * E-mail and password sign-in for a form: checks the fields, signs in, and on success sends the
 * person back to `returnTo` (made safe: a path of this app, never `/sign/...`, otherwise `/`)
 * through the client's `navigate` event, unless the client already sent them on (an incomplete
 * profile goes to its completion page).
 */
export interface PasswordSignInFlow {
  getSnapshot(): PasswordSignInSnapshot
  subscribe(listener: () => void): () => void
  /** Checks the form; when it passes, signs in. The fields are `email` and `password`. */
  submit(form: FormInput | { email: string; password: string }): Promise<void>
  /** Sends the confirmation e-mail again (after verification-required). */
  resend(): Promise<boolean>
  /** Back to the form (from the "check your e-mail" step). */
  reset(): void
}

export function createPasswordSignInFlow(
  { auth, events, location }: PageFlowDeps,
  options: PasswordSignInOptions = {},
): PasswordSignInFlow {
  const idle: PasswordSignInSnapshot = {
    status: 'idle',
    fieldErrors: {},
    message: null,
    email: null,
    suggestedEmail: options.suggestedEmail ?? null,
  }
  const state = createFlowStore(idle)
  let submitting = false
  const show = (outcome: Partial<PasswordSignInSnapshot>) => state.replace({ ...idle, ...outcome })

  return {
    getSnapshot: state.getSnapshot,
    subscribe: state.subscribe,

    async submit(form) {
      if (submitting) return
      const email = textOf(form, 'email').trim()
      const password = textOf(form, 'password')
      if (!z.safeParse(PasswordSignInForm, { email, password }).success) {
        show({ fieldErrors: fieldErrorsOf(email, password) })
        return
      }
      submitting = true
      show({ status: 'submitting' })
      try {
        const result = await auth.signInWithPassword(email, password)
        if (result.status === 'signed-in') {
          show({ status: 'signed-in' })
          if (!result.redirectTo) {
            const to = afterSignInTarget(safeRedirectPath(options.returnTo?.(), location.current().origin))
            events.emit('navigate', { to, replace: true, delayMs: 0 })
          }
        } else if (result.status === 'verification-required') {
          show({ status: 'verification-required', email: result.email, message: result.message })
        } else {
          show({ status: 'failed', message: result.message })
        }
      } finally {
        submitting = false
      }
    },

    async resend() {
      const { email } = state.getSnapshot()
      if (!email) return false
      return (await auth.resendConfirmation(email)).status === 'ok'
    },

    reset: () => show({}),
  }
}

function fieldErrorsOf(email: string, password: string): PasswordSignInSnapshot['fieldErrors'] {
  const errors: PasswordSignInSnapshot['fieldErrors'] = {}
  if (email === '') errors.email = 'required'
  else if (!z.safeParse(PasswordSignInForm.shape.email, email).success) errors.email = 'invalid'
  if (password === '') errors.password = 'required'
  else if (!z.safeParse(PasswordSignInForm.shape.password, password).success) errors.password = 'invalid'
  return errors
}
