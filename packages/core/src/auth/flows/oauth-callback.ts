import type { Session } from '@supabase/auth-js'
import type { Provider } from '../../contract/common.ts'
import { sleep } from '../../kernel/clock.ts'
import {
  OAUTH_IN_PROGRESS_POLL_MS,
  OAUTH_IN_PROGRESS_WAIT_MS,
  OAUTH_SESSION_RETRIEVAL_ATTEMPTS,
  OAUTH_SESSION_RETRY_BASE_DELAY_MS,
  OAUTH_SESSION_SETTLE_MS,
  REDIRECT_AFTER_OAUTH_MS,
} from '../../kernel/constants.ts'
import { decisionMessages, messages } from '../../kernel/messages.ts'
import { routes } from '../../kernel/routes.ts'
import type { AuthFailure, LinkExpiredResult, OAuthCallbackResult } from '../auth-command-results.ts'
import type { AuthFlowDeps } from '../auth-flow-deps.ts'
import { rememberProfileReturn } from '../profile/profile-redirect.ts'
import type { SupabaseAuth } from '../supabase/supabase-client.ts'
import { authErrorCode } from '../supabase/supabase-errors.ts'
import { signInProvider } from '../supabase/supabase-user.ts'
import { decodeOAuthState } from './oauth-state.ts'
import { afterSignInTarget, safeRedirectPath } from './redirect-target.ts'

/**
 * The /auth/callback handler (spec sections 2, 4, 9). One at a time: a second call while one runs
 * (a double-mounted page) polls every 500 ms for up to 10 s and returns the first one's outcome.
 */
export function createOAuthCallbackHandler(ctx: AuthFlowDeps): () => Promise<OAuthCallbackResult> {
  let running = false
  let lastOutcome: OAuthCallbackResult | null = null

  return async () => {
    if (running) {
      for (let waited = 0; running && waited < OAUTH_IN_PROGRESS_WAIT_MS; waited += OAUTH_IN_PROGRESS_POLL_MS) {
        await sleep(ctx.clock, OAUTH_IN_PROGRESS_POLL_MS)
      }
      if (!running && lastOutcome) return lastOutcome
      return ctx.fail(messages.oauthProcessingError, 'OAUTH_IN_PROGRESS')
    }
    running = true
    ctx.store.setState({ isLoading: true, error: null })
    try {
      lastOutcome = await handleCallback(ctx)
    } catch {
      lastOutcome = callbackFailed(ctx, messages.oauthProcessingError, 'OAUTH_ERROR')
    } finally {
      running = false
    }
    return lastOutcome
  }
}

async function handleCallback(ctx: AuthFlowDeps): Promise<OAuthCallbackResult> {
  const here = ctx.platform.location.current()
  const query = new URLSearchParams(here.search)
  const fragment = new URLSearchParams(here.hash.replace(/^#/, ''))
  const state = decodeOAuthState(query.get('state'))
  const target = afterSignInTarget(callbackTarget(ctx, query.get('redirect') ?? state?.redirectAfterLogin, here.origin))

  const flow = state?.provider ? 'oauth' : 'signup'
  const errorCode = query.get('error_code') ?? fragment.get('error_code')
  if (errorCode && DEAD_LINK_CODES.has(errorCode)) return linkExpired(ctx, flow)
  if (query.has('error') || fragment.has('error') || errorCode) {
    // The provider said no (the user cancelled).
    return callbackFailed(ctx, messages.oauthProcessingError, query.get('error') ?? fragment.get('error'))
  }

  const auth = await ctx.supabase()
  const accessToken = fragment.get('access_token')
  const refreshToken = fragment.get('refresh_token')
  const code = query.get('code')
  let exchangeError: string | null = null
  if (accessToken && refreshToken) {
    await auth.setSession({ access_token: accessToken, refresh_token: refreshToken })
    await sleep(ctx.clock, OAUTH_SESSION_SETTLE_MS)
  } else if (code) {
    // A failed exchange (the code was used by a first run of this page) can still leave a session.
    const { error } = await auth.exchangeCodeForSession(code)
    exchangeError = authErrorCode(error)
    await sleep(ctx.clock, OAUTH_SESSION_SETTLE_MS)
  }
  const session = await retrieveSession(ctx, auth)
  if (!session && exchangeError && DEAD_LINK_CODES.has(exchangeError)) return linkExpired(ctx, flow)
  if (!session) return callbackFailed(ctx, messages.noSessionInfoToast, 'NO_SESSION')

  const { id, email } = session.user
  if (!id?.trim() || !email?.trim()) {
    await ctx.dropSupabaseSession()
    return callbackFailed(ctx, messages.missingUserIdentity, 'MISSING_USER_IDENTITY')
  }
  const hint = state?.provider === 'GOOGLE' || state?.provider === 'KAKAO' ? state.provider : null
  const provider = signInProvider(session, hint)
  // An e-mail confirmation link also returns here: the account is activated, then signed in as a
  // password sign-in would be.
  if (provider === 'EMAIL') return confirmEmailSignIn(ctx, session, target)
  return processOAuthSignIn(ctx, session, provider, target)
}

/** The `redirect` query, else the state's redirectAfterLogin, else the saved target: the first present, made safe. */
function callbackTarget(ctx: AuthFlowDeps, fromUrl: string | null | undefined, origin: string): string {
  const saved = ctx.persistence.takeOAuthTarget()
  return safeRedirectPath(fromUrl ?? saved, origin)
}

/** Three tries, 500 ms then 1000 ms apart (spec section 9). */
async function retrieveSession(ctx: AuthFlowDeps, auth: SupabaseAuth): Promise<Session | null> {
  let delay = OAUTH_SESSION_RETRY_BASE_DELAY_MS
  for (let attempt = 1; attempt <= OAUTH_SESSION_RETRIEVAL_ATTEMPTS; attempt++) {
    try {
      const { data } = await auth.getSession()
      if (data.session) return data.session
    } catch {
      // try again
    }
    if (attempt < OAUTH_SESSION_RETRIEVAL_ATTEMPTS) {
      await sleep(ctx.clock, delay)
      delay *= 2
    }
  }
  return null
}

async function processOAuthSignIn(
  ctx: AuthFlowDeps,
  session: Session,
  provider: Provider,
  target: string,
): Promise<OAuthCallbackResult> {
  const { user } = session
  const metadata = user.user_metadata ?? {}
  const name = firstString(metadata.name, metadata.full_name, metadata.nickname)
  const profileImage = firstString(metadata.avatar_url, metadata.picture, metadata.profile_image)
  const processed = await ctx.api.call(
    'processOAuth',
    { body: { supabaseUserId: user.id, email: user.email!, provider, name, profileImage } },
    // The provider's session proves whose record this is: the platform links or shows an existing
    // record only to its own user (decisions.md). Not signed in here yet, so the bearer goes by hand.
    { notify: false, headers: bearerOf(session) },
  )
  if (!processed.ok) {
    await ctx.dropSupabaseSession()
    const missing = processed.error === messages.missingUserIdentity
    return callbackFailed(ctx, missing ? messages.missingUserIdentity : messages.oauthProcessingError, processed.code)
  }
  const result = processed.data
  ctx.store.setState({
    accountLinkStatus: {
      action: result.action,
      message: result.message,
      isNewProvider: result.isNewProvider,
      hasLinkedAccounts: result.hasLinkedAccounts,
      providers: [...result.providers],
    },
  })
  if (result.action === 'VERIFICATION_REQUIRED' || result.action === 'ACCOUNT_CONFLICT') {
    // Not signed in: the provider's session must not linger for the next start-up to find.
    await ctx.dropSupabaseSession()
    ctx.store.setState({ isLoading: false, error: result.message })
    if (result.action === 'VERIFICATION_REQUIRED') {
      return { status: 'verification-required', email: user.email!, message: result.message }
    }
    return {
      status: 'account-conflict',
      conflict: result.conflict ?? null,
      options: [...(result.options ?? [])],
      message: result.message,
    }
  }
  const signedIn = await ctx.completeSignIn(session, provider, { record: result.user, checkStatus: false })
  if (signedIn.status === 'error') return callbackFailed(ctx, signedIn.message, signedIn.code)
  if (result.action === 'LINKED' && result.isNewProvider) ctx.notify({ kind: 'success', message: result.message })
  return goOn(ctx, signedIn, target)
}

async function confirmEmailSignIn(ctx: AuthFlowDeps, session: Session, target: string): Promise<OAuthCallbackResult> {
  await ctx.api.call(
    'activateUser',
    { body: { email: session.user.email!, supabaseUserId: session.user.id } },
    { notify: false, headers: bearerOf(session) },
  )
  const signedIn = await ctx.completeSignIn(session, 'EMAIL', { checkStatus: true })
  if (signedIn.status === 'error') return callbackFailed(ctx, signedIn.message, signedIn.code)
  ctx.mail.addresses.forget('signup')
  ctx.events.emit('signedUp', { userId: signedIn.user.id, provider: 'EMAIL' })
  return goOn(ctx, signedIn, target)
}

/** The session's access token as the Authorization header of a call made before the session is adopted. */
const bearerOf = (session: Session): Record<string, string> => ({ authorization: `Bearer ${session.access_token}` })

/** After 1 s: the completion page if the profile needs it, else the target (spec section 2). */
function goOn(ctx: AuthFlowDeps, signedIn: Extract<OAuthCallbackResult, { status: 'signed-in' }>, target: string) {
  // Sent to the completion page first: the target is where it sends the person afterwards.
  if (signedIn.redirectTo) rememberProfileReturn(ctx.platform.sessionStorage, target)
  const to = signedIn.redirectTo ?? target
  ctx.navigate(to, { delayMs: REDIRECT_AFTER_OAUTH_MS, replace: true })
  return { ...signedIn, redirectTo: to }
}

/**
 * What the auth server says of a link that no longer signs in: the mail's link expired or was
 * followed before (otp_expired, on the way back), or its code came back after the flow's 5 minutes
 * or was exchanged before (flow_state_expired, flow_state_not_found, at the exchange).
 */
const DEAD_LINK_CODES: ReadonlySet<string> = new Set(['otp_expired', 'flow_state_expired', 'flow_state_not_found'])

/** Said on the page, which offers a new link (or a new sign-in); no toast, and the page stays. */
function linkExpired(ctx: AuthFlowDeps, flow: LinkExpiredResult['flow']): LinkExpiredResult {
  const message = flow === 'signup' ? decisionMessages.confirmationLinkExpired : decisionMessages.oauthSignInExpired
  ctx.store.setState({ isLoading: false, error: message })
  return {
    status: 'link-expired',
    flow,
    email: flow === 'signup' ? ctx.mail.addresses.recall('signup') : null,
    message,
  }
}

/** OAuth 인증 처리 중 오류 발생 (or 세션 정보가 없습니다, 사용자 식별 정보 누락), and back to sign-in. */
function callbackFailed(ctx: AuthFlowDeps, message: string, code: string | null): AuthFailure {
  ctx.notify({ kind: 'error', message })
  ctx.navigate(routes.signIn, { replace: true })
  return ctx.fail(message, code)
}

function firstString(...values: unknown[]): string | null {
  for (const value of values) if (typeof value === 'string' && value.trim() !== '') return value.trim()
  return null
}
