import { messages, messageTemplates } from '../../kernel/messages.ts'
import { noticeTopics } from '../../kernel/notice-topics.ts'
import { routes } from '../../kernel/routes.ts'
import type { AuthFailure, SignInResult } from '../auth-command-results.ts'
import type { AuthFlowDeps } from '../auth-flow-deps.ts'
import { requestMail } from '../mail/mail-request.ts'
import { authErrorCode, authErrorMessage, isUnavailableError } from '../supabase/supabase-errors.ts'
import { createEmailAccount, verificationRequired } from './auth-account.ts'

/**
 * E-mail and password (spec sections 5 and 8):
 * - invalid credentials: the old platform's password is tried (verify-legacy-password); if it
 *   verifies, the account is created here and needs its e-mail confirmed; if the check fails on
 *   the server's side, 로그인 중 오류가 발생했습니다; otherwise 이메일 또는 비밀번호가 올바르지 않습니다.;
 * - an unconfirmed e-mail: the confirmation is sent again; verification is needed;
 * - a platform account with status 0: 계정이 활성화되지 않았습니다. 이메일을 확인해주세요.;
 * - other refusals toast 로그인 실패: …, and failures to reach the server 로그인 중 오류가 발생했습니다.
 */
export async function signInWithPassword(ctx: AuthFlowDeps, email: string, password: string): Promise<SignInResult> {
  ctx.store.setState({ isLoading: true, error: null })
  const address = email.trim()
  try {
    const auth = await ctx.supabase()
    const { data, error } = await auth.signInWithPassword({ email: address, password })
    if (error) {
      const code = authErrorCode(error)
      if (code === 'invalid_credentials') return await tryLegacyAccount(ctx, address, password)
      if (code === 'email_not_confirmed') {
        // Sent, or refused as too soon after the last one (then the resend button counts down): either
        // way a confirmation mail is on its way or recently was.
        await requestMail(ctx, 'signup', address, () =>
          auth.resend({
            type: 'signup',
            email: address,
            options: { emailRedirectTo: ctx.appUrl(routes.authCallback) },
          }),
        )
        return verificationRequired(ctx, address)
      }
      if (isUnavailableError(error)) return loginError(ctx)
      return loginFailed(ctx, authErrorMessage(error), code)
    }
    const signedIn = await ctx.completeSignIn(data.session, 'EMAIL', { checkStatus: true })
    if (signedIn.status === 'error') {
      ctx.notify({ kind: 'error', message: messageTemplates.loginFailed(signedIn.message), topic: noticeTopics.signIn })
      return signedIn
    }
    if (signedIn.redirectTo) ctx.navigate(signedIn.redirectTo)
    return signedIn
  } catch {
    return loginError(ctx)
  }
}

async function tryLegacyAccount(ctx: AuthFlowDeps, email: string, password: string): Promise<SignInResult> {
  const legacy = await ctx.api.call('verifyLegacyPassword', { body: { email, password } }, { notify: false })
  // The old platform could not answer (5xx, or no answer at all): the password may be right, so this
  // is the server's error, never 이메일 또는 비밀번호가 올바르지 않습니다.
  if (!legacy.ok && (legacy.status >= 500 || legacy.status === 0)) return loginError(ctx)
  if (!legacy.ok || !legacy.data.verified) return loginFailed(ctx, messages.invalidCredentials, 'INVALID_CREDENTIALS')
  // The old platform knows this password: the account moves here, and its e-mail must be confirmed.
  return createEmailAccount(ctx, { email, password })
}

function loginFailed(ctx: AuthFlowDeps, detail: string, code: string | null): AuthFailure {
  ctx.notify({ kind: 'error', message: messageTemplates.loginFailed(detail), topic: noticeTopics.signIn })
  return ctx.fail(detail, code)
}

function loginError(ctx: AuthFlowDeps): AuthFailure {
  ctx.notify({ kind: 'error', message: messages.loginError, topic: noticeTopics.signIn })
  return ctx.fail(messages.loginError, 'LOGIN_ERROR')
}
