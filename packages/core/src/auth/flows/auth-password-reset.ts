import { messages } from '../../kernel/messages.ts'
import { routes } from '../../kernel/routes.ts'
import type { AuthActionResult, AuthFailure } from '../auth-command-results.ts'
import type { AuthFlowDeps } from '../auth-flow-deps.ts'
import { requestMail } from '../mail/mail-request.ts'
import type { SupabaseAuth } from '../supabase/supabase-client.ts'
import { authErrorCodeOrSessionMissing, authErrorMessage } from '../supabase/supabase-errors.ts'
import { mailWait } from './auth-account.ts'

/**
 * Mails a reset link that comes back to /sign/reset-password/confirm. Too soon after the last one
 * (429) is no failure to toast: the person is told how long to wait, where they asked.
 */
export async function requestPasswordReset(ctx: AuthFlowDeps, email: string): Promise<AuthActionResult> {
  try {
    const auth = await ctx.supabase()
    const { answer, waitSeconds } = await requestMail(ctx, 'recovery', email.trim(), () =>
      auth.resetPasswordForEmail(email.trim(), { redirectTo: ctx.appUrl(routes.resetPasswordConfirm) }),
    )
    const { error } = answer
    if (waitSeconds !== null) return mailWait(ctx, waitSeconds)
    if (error) return resetEmailFailed(ctx, authErrorMessage(error), error.code ?? null)
    return { status: 'ok' }
  } catch (error) {
    return resetEmailFailed(ctx, authErrorMessage(error), null)
  }
}

function resetEmailFailed(ctx: AuthFlowDeps, detail: string, code: string | null): AuthFailure {
  ctx.notify({ kind: 'error', message: messages.passwordResetEmailFailed, description: detail })
  return ctx.fail(messages.passwordResetEmailFailed, code)
}

/**
 * Sets a new password: for the signed-in user, or, on /sign/reset-password/confirm, for the user of
 * the reset link (its `code`, or tokens in the hash). The link's session is only a key to change the
 * password: it is dropped afterwards, and the user signs in with the new password.
 */
export async function updatePassword(ctx: AuthFlowDeps, password: string): Promise<AuthActionResult> {
  ctx.store.setState({ isLoading: true, error: null })
  // Not signed in: the session is the reset link's (opened now, or by an earlier failed attempt).
  const viaResetLink = ctx.currentUser() === null
  try {
    const auth = await ctx.supabase()
    if (viaResetLink) await openResetLinkSession(ctx, auth)
    const { error } = await auth.updateUser({ password })
    // session_missing: the reset link opened no session (expired, used, or opened in another browser).
    if (error) return changeFailed(ctx, authErrorMessage(error), authErrorCodeOrSessionMissing(error))
  } catch (error) {
    return changeFailed(ctx, authErrorMessage(error), null)
  }
  if (viaResetLink) {
    await ctx.dropSupabaseSession()
    ctx.mail.addresses.forget('recovery')
  }
  ctx.store.setState({ isLoading: false, error: null })
  ctx.notify({ kind: 'success', message: messages.passwordChanged })
  return { status: 'ok' }
}

/** A link is good once: on a second attempt the exchange fails and the session it opened is used. */
async function openResetLinkSession(ctx: AuthFlowDeps, auth: SupabaseAuth): Promise<void> {
  const { search, hash } = ctx.platform.location.current()
  const query = new URLSearchParams(search)
  const fragment = new URLSearchParams(hash.replace(/^#/, ''))
  const code = query.get('code')
  const accessToken = fragment.get('access_token')
  const refreshToken = fragment.get('refresh_token')
  if (code) await auth.exchangeCodeForSession(code)
  else if (accessToken && refreshToken)
    await auth.setSession({ access_token: accessToken, refresh_token: refreshToken })
}

/** The reset link's session stays on failure (a link works once), so the user can try another password. */
function changeFailed(ctx: AuthFlowDeps, detail: string, code: string | null): AuthFailure {
  ctx.notify({ kind: 'error', message: messages.passwordChangeFailed, description: detail })
  return ctx.fail(messages.passwordChangeFailed, code)
}
