/**
 * What the auth commands take: sign-up input, the OAuth providers and start options; and the
 * safe-redirect rule, which @coursekit/react's password sign-in applies to its `?redirect=`.
 */

export type { AccountLinkRequest } from './account-link.ts'
export { CONSENT_REQUIRED_CODE, type SignUpInput } from './auth-account.ts'
export type { OAuthProvider, OAuthStartOptions } from './oauth-sign-in.ts'
export { afterSignInTarget, localTargetPath, safeRedirectPath } from './redirect-target.ts'
export {
  missingConsents,
  SIGN_UP_CONSENTS,
  type SignUpConsent,
  type SignUpConsents,
} from './sign-up-consents.ts'
