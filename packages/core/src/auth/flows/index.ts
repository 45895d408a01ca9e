/**
 * What the auth commands take: sign-up input, the OAuth providers and start options, and the code
 * a sign-up without its consents fails with. The consents themselves and the redirect rule are the
 * account pages' (`@coursekit/core/flows`).
 */

export type { AccountLinkRequest } from './account-link.ts'
export { CONSENT_REQUIRED_CODE, type SignUpInput } from './auth-account.ts'
export type { OAuthProvider, OAuthStartOptions } from './oauth-sign-in.ts'
