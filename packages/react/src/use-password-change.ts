import { routes } from '@coursekit/core'
import { useCallback, useRef, useState } from 'react'
import {
  compact,
  type NewPasswordFieldError,
  newPasswordError,
  passwordConfirmError,
  textOf,
} from './account-form-rules.ts'
import { useCourseClient } from './course-client-context.ts'
import { offerSignInEmail } from './page-memory.ts'
import { useAuthService } from './use-auth.ts'

/** `link-invalid`: the reset link expired or was used already; a new one must be requested. */
export type PasswordChangeStatus = 'idle' | 'submitting' | 'failed' | 'link-invalid' | 'changed'

export interface PasswordChangeView {
  status: PasswordChangeStatus
  /** Per field, after a submit that did not pass the form's checks (nothing was sent). */
  fieldErrors: { password?: NewPasswordFieldError; passwordConfirm?: NewPasswordFieldError }
  /** The spec's 비밀번호 변경 실패 (also toasted by the core), with the reason in `detail`. */
  message: string | null
  /** Checks the form (`password`, `passwordConfirm`); when it passes, sets the new password. */
  submit(form: FormData | { password: string; passwordConfirm: string }): Promise<void>
}

type State = Omit<PasswordChangeView, 'submit'>
const idle: State = { status: 'idle', fieldErrors: {}, message: null }

/**
 * Auth failures that mean the reset link no longer opens a session: spent or expired link or code,
 * or no session at all (the core's `session_missing`). A server failure has none of these codes.
 */
const DEAD_LINK_CODES: ReadonlySet<string | null> = new Set([
  'session_missing',
  'otp_expired',
  'flow_state_expired',
  'flow_state_not_found',
  'bad_code_verifier',
  'session_not_found',
  'session_expired',
])

/**
 * The new-password form of /sign/reset-password/confirm (or of a signed-in user): checks the new
 * password twice, sets it, and on success sends the person to /sign/in, its form filled with the
 * address this browser asked the reset link for (the core toasts the spec's 비밀번호가 성공적으로
 * 변경되었습니다.). A link the auth service refused on the way here (its
 * redirect carries `error_code`), or one that no longer opens a session, is `link-invalid`.
 */
export function usePasswordChange(): PasswordChangeView {
  const client = useCourseClient()
  const auth = useAuthService()
  const [state, setState] = useState<State>(() => (linkRefused(client) ? { ...idle, status: 'link-invalid' } : idle))
  const submitting = useRef(false)

  const submit = useCallback(
    async (form: FormData | { password: string; passwordConfirm: string }) => {
      if (submitting.current) return
      const password = textOf(form, 'password')
      const fieldErrors = compact({
        password: newPasswordError(password),
        passwordConfirm: passwordConfirmError(password, textOf(form, 'passwordConfirm')),
      })
      if (Object.keys(fieldErrors).length > 0) {
        setState({ ...idle, fieldErrors })
        return
      }
      const viaResetLink = auth.store.getState().user === null
      // The address this browser asked the reset link for (forgotten by the change, so read first).
      const address = viaResetLink ? auth.mailedAddress('recovery') : null
      submitting.current = true
      setState({ ...idle, status: 'submitting' })
      try {
        const result = await auth.updatePassword(password)
        if (result.status === 'ok') {
          setState({ ...idle, status: 'changed' })
          // The sign-in form starts with the account's address (usePasswordSignIn's `suggestedEmail`).
          if (address) offerSignInEmail(client, address)
          client.events.emit('navigate', { to: routes.signIn, replace: true, delayMs: 0 })
        } else {
          const deadLink = viaResetLink && DEAD_LINK_CODES.has(result.code)
          setState({ ...idle, status: deadLink ? 'link-invalid' : 'failed', message: result.message })
        }
      } finally {
        submitting.current = false
      }
    },
    [auth, client],
  )

  return { ...state, submit }
}

function linkRefused(client: ReturnType<typeof useCourseClient>): boolean {
  const { search, hash } = client.platform.location.current()
  return new URLSearchParams(search).has('error_code') || new URLSearchParams(hash.replace(/^#/, '')).has('error_code')
}
