import { routes } from '../../kernel/routes.ts'
import {
  compact,
  type FormInput,
  type NewPasswordFieldError,
  newPasswordError,
  passwordConfirmError,
  textOf,
} from './account-form-rules.ts'
import { createFlowStore } from './flow-store.ts'
import type { PageFlowDeps } from './page-flow-deps.ts'

/** `link-invalid`: the reset link expired or was used already; a new one must be requested. */
export type PasswordChangeStatus = 'idle' | 'submitting' | 'failed' | 'link-invalid' | 'changed'

/** The new-password form as a UI shows it. A new object whenever anything in it changes. */
export interface PasswordChangeSnapshot {
  status: PasswordChangeStatus
  /** Per field, after a submit that did not pass the form's checks (nothing was sent). */
  fieldErrors: { password?: NewPasswordFieldError; passwordConfirm?: NewPasswordFieldError }
  /** The spec's 비밀번호 변경 실패 (also toasted by the core), with the reason in `detail`. */
  message: string | null
}

export interface PasswordChangeOptions {
  /**
   * Told the address whose password a reset link just changed (the one this browser asked the link
   * for), before the app moves to /sign/in: the binding starts that form with it.
   */
  onResetAddress?: (email: string) => void
}

/**
 * The new-password form of /sign/reset-password/confirm (or of a signed-in user): checks the new
 * password twice, sets it, and on success sends the person to /sign/in (the core toasts the
 * spec's 비밀번호가 성공적으로 변경되었습니다.). A link the auth service refused on the way here (its
 * redirect carries `error_code`), or one that no longer opens a session, is `link-invalid`.
 */
export interface PasswordChangeFlow {
  getSnapshot(): PasswordChangeSnapshot
  subscribe(listener: () => void): () => void
  /** Checks the form (`password`, `passwordConfirm`); when it passes, sets the new password. */
  submit(form: FormInput | { password: string; passwordConfirm: string }): Promise<void>
}

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

const idle: PasswordChangeSnapshot = { status: 'idle', fieldErrors: {}, message: null }

export function createPasswordChangeFlow(
  { auth, events, location }: PageFlowDeps,
  options: PasswordChangeOptions = {},
): PasswordChangeFlow {
  const state = createFlowStore<PasswordChangeSnapshot>(
    linkRefused(location.current()) ? { ...idle, status: 'link-invalid' } : idle,
  )
  let submitting = false
  const show = (outcome: Partial<PasswordChangeSnapshot>) => state.replace({ ...idle, ...outcome })

  return {
    getSnapshot: state.getSnapshot,
    subscribe: state.subscribe,

    async submit(form) {
      if (submitting) return
      const password = textOf(form, 'password')
      const fieldErrors = compact({
        password: newPasswordError(password),
        passwordConfirm: passwordConfirmError(password, textOf(form, 'passwordConfirm')),
      })
      if (Object.keys(fieldErrors).length > 0) {
        show({ fieldErrors })
        return
      }
      const viaResetLink = auth.store.getState().user === null
      // The address this browser asked the reset link for (forgotten by the change, so read first).
      const address = viaResetLink ? auth.mailedAddress('recovery') : null
      submitting = true
      show({ status: 'submitting' })
      try {
        const result = await auth.updatePassword(password)
        if (result.status === 'ok') {
          show({ status: 'changed' })
          if (address) options.onResetAddress?.(address)
          events.emit('navigate', { to: routes.signIn, replace: true, delayMs: 0 })
        } else {
          const deadLink = viaResetLink && DEAD_LINK_CODES.has(result.code)
          show({ status: deadLink ? 'link-invalid' : 'failed', message: result.message })
        }
      } finally {
        submitting = false
      }
    },
  }
}

function linkRefused({ search, hash }: { search: string; hash: string }): boolean {
  return new URLSearchParams(search).has('error_code') || new URLSearchParams(hash.replace(/^#/, '')).has('error_code')
}
