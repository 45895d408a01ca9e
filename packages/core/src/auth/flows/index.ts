/**
 * What the auth commands take: sign-up input, the OAuth providers and start options; and the
 * safe-redirect rule, which @coursekit/react's password sign-in applies to its `?redirect=`.
 */

export type { AccountLinkRequest } from './account-link.ts'
export type { SignUpInput } from './auth-account.ts'
export type { OAuthProvider, OAuthStartOptions } from './oauth-sign-in.ts'
export { afterSignInTarget, localTargetPath, safeRedirectPath } from './redirect-target.ts'
