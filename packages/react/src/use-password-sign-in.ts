import { afterSignInTarget, noticeTopics, safeRedirectPath } from '@coursekit/core'
import { VerifyLegacyPasswordRequest } from '@coursekit/core/contract'
import { useCallback, useEffect, useRef, useState } from 'react'
import * as z from 'zod/mini'
import { useCourseClient } from './course-client-context.ts'
import { forgetSignInEmail, offeredSignInEmail, useNoticeShownHere } from './page-memory.ts'
import { useAuthService } from './use-auth.ts'

/** The sign-in form as the contract takes an e-mail and a password, with the address's form checked. */
const PasswordSignInForm = z.object({
  email: VerifyLegacyPasswordRequest.shape.email.check(z.email()),
  password: VerifyLegacyPasswordRequest.shape.password,
})

/** What is wrong with a field: the page words it. */
export type SignInFieldError = 'required' | 'invalid'

export type PasswordSignInStatus = 'idle' | 'submitting' | 'failed' | 'verification-required' | 'signed-in'

export interface PasswordSignInView {
  status: PasswordSignInStatus
  /** Per field, after a submit that did not pass the form's checks (nothing was sent). */
  fieldErrors: { email?: SignInFieldError; password?: SignInFieldError }
  /** The spec's message for a refused sign-in (wrong credentials, status 0 account, ...). */
  message: string | null
  /** The address a confirmation e-mail went to, when verification is required. */
  email: string | null
  /** The address the form starts with after a password reset in this browser, else null. */
  suggestedEmail: string | null
  /** Checks the form; when it passes, signs in. The fields are `email` and `password`. */
  submit(form: FormData | { email: string; password: string }): Promise<void>
  /** Sends the confirmation e-mail again (after verification-required). */
  resend(): Promise<boolean>
  /** Back to the form (from the "check your e-mail" screen). */
  reset(): void
}

/**
 * E-mail and password sign-in for a form: checks the fields, signs in, and on success sends the
 * person back to `returnTo` (a `?redirect=` value, made safe: a path of this app, never `/sign/...`,
 * otherwise `/`) through the client's `navigate` event, unless the client already sent them on (an
 * incomplete profile goes to its completion page). The form shows why a sign-in failed
 * (`message`), so the client's sign-in toasts are left out while it is mounted.
 */
export function usePasswordSignIn(returnTo: string | null | undefined): PasswordSignInView {
  const client = useCourseClient()
  const auth = useAuthService()
  const [state, setState] = useState<Omit<PasswordSignInView, 'suggestedEmail' | 'submit' | 'resend' | 'reset'>>(idle)
  const submitting = useRef(false)
  const [suggestedEmail] = useState(() => offeredSignInEmail(client))
  useEffect(() => forgetSignInEmail(client), [client])
  useNoticeShownHere(noticeTopics.signIn)

  const submit = useCallback(
    async (form: FormData | { email: string; password: string }) => {
      if (submitting.current) return
      const fields = form instanceof FormData ? { email: form.get('email'), password: form.get('password') } : form
      const email = typeof fields.email === 'string' ? fields.email.trim() : ''
      const password = typeof fields.password === 'string' ? fields.password : ''
      const checked = z.safeParse(PasswordSignInForm, { email, password })
      if (!checked.success) {
        setState({ ...idle, fieldErrors: fieldErrorsOf(email, password) })
        return
      }
      submitting.current = true
      setState({ ...idle, status: 'submitting' })
      try {
        const result = await auth.signInWithPassword(email, password)
        if (result.status === 'signed-in') {
          setState({ ...idle, status: 'signed-in' })
          if (!result.redirectTo) {
            const origin = client.platform.location.current().origin
            const to = afterSignInTarget(safeRedirectPath(returnTo, origin))
            client.events.emit('navigate', { to, replace: true, delayMs: 0 })
          }
        } else if (result.status === 'verification-required') {
          setState({ ...idle, status: 'verification-required', email: result.email, message: result.message })
        } else {
          setState({ ...idle, status: 'failed', message: result.message })
        }
      } finally {
        submitting.current = false
      }
    },
    [auth, client, returnTo],
  )

  const resend = useCallback(async () => {
    if (!state.email) return false
    return (await auth.resendConfirmation(state.email)).status === 'ok'
  }, [auth, state.email])

  const reset = useCallback(() => setState(idle), [])

  return { ...state, suggestedEmail, submit, resend, reset }
}

const idle: Omit<PasswordSignInView, 'suggestedEmail' | 'submit' | 'resend' | 'reset'> = {
  status: 'idle',
  fieldErrors: {},
  message: null,
  email: null,
}

function fieldErrorsOf(email: string, password: string): PasswordSignInView['fieldErrors'] {
  const errors: PasswordSignInView['fieldErrors'] = {}
  if (email === '') errors.email = 'required'
  else if (!z.safeParse(PasswordSignInForm.shape.email, email).success) errors.email = 'invalid'
  if (password === '') errors.password = 'required'
  else if (!z.safeParse(PasswordSignInForm.shape.password, password).success) errors.password = 'invalid'
  return errors
}
