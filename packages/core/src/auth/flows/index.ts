/**
 * The auth flows' public parts: sign-up input, OAuth start and state, redirect targets.
 */

export type { SignUpInput } from './auth-account.ts'
export type { OAuthProvider, OAuthStartOptions } from './oauth-sign-in.ts'
export { decodeOAuthState, encodeOAuthState, type OAuthCallbackState } from './oauth-state.ts'
export { afterSignInTarget, safeRedirectPath } from './redirect-target.ts'
