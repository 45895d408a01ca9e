import { messages } from '../../kernel/messages.ts'
import { routes } from '../../kernel/routes.ts'
import type { OAuthStartResult } from '../auth-command-results.ts'
import type { AuthFlowDeps } from '../auth-flow-deps.ts'
import { authErrorMessage } from '../supabase/supabase-errors.ts'
import { encodeOAuthState } from './oauth-state.ts'
import { safeRedirectPath } from './redirect-target.ts'

export type OAuthProvider = 'GOOGLE' | 'KAKAO'

export interface OAuthStartOptions {
  /** Where to land after sign-in (a path of this app). Default: the current page. */
  redirectAfterLogin?: string
  /**
   * Default true: emit `navigate` to the provider's page. False: only return the URL (the desktop
   * wrapper opens it in the system browser).
   */
  redirect?: boolean
}

/**
 * Starts an OAuth sign-in (PKCE): saves the target (redirectAfterOAuth, and a `state` parameter on
 * the /auth/callback URL carrying it), asks supabase-js for the provider URL (its code verifier goes
 * to storage), and sends the app there. OAuth 로그인 초기화 실패 when that fails.
 */
export async function startOAuthSignIn(
  ctx: AuthFlowDeps,
  provider: OAuthProvider,
  options: OAuthStartOptions = {},
): Promise<OAuthStartResult> {
  const here = ctx.platform.location.current()
  const target = safeRedirectPath(options.redirectAfterLogin ?? `${here.pathname}${here.search}`, here.origin)
  ctx.persistence.saveOAuthTarget(target)
  const callback = new URL(ctx.appUrl(routes.authCallback))
  callback.searchParams.set('state', encodeOAuthState({ redirectAfterLogin: target, provider }))
  try {
    const auth = await ctx.supabase()
    const { data, error } = await auth.signInWithOAuth({
      provider: provider === 'GOOGLE' ? 'google' : 'kakao',
      options: { redirectTo: callback.href, skipBrowserRedirect: true },
    })
    if (error || !data.url) return initFailed(ctx, error ? authErrorMessage(error) : 'no URL', error?.code ?? null)
    if (options.redirect !== false) ctx.navigate(data.url)
    return { status: 'redirecting', url: data.url }
  } catch (error) {
    return initFailed(ctx, authErrorMessage(error), null)
  }
}

function initFailed(ctx: AuthFlowDeps, detail: string, code: string | null) {
  ctx.persistence.takeOAuthTarget()
  ctx.notify({ kind: 'error', message: messages.oauthInitFailed, description: detail })
  return ctx.fail(messages.oauthInitFailed, code)
}
