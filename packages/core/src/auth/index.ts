/**
 * client.auth: the service, its state, events and command results. The flows (flows/), the profile
 * rules (profile/) and Supabase (supabase/) stay inside; each sub-index names what it adds here.
 * The auth pages' flows (page-flows/, and profile/'s completion flow) are `@coursekit/core/flows`.
 */

export type {
  AccountConflictResult,
  AuthActionResult,
  AuthFailure,
  LinkExpiredResult,
  OAuthCallbackResult,
  OAuthStartResult,
  SignedIn,
  SignInResult,
  SignUpResult,
  VerificationRequired,
} from './auth-command-results.ts'
export type { AuthEvents, SignOutReason } from './auth-events.ts'
export type { LastLoginInfo, UserRoleInfo } from './auth-persistence.ts'
export type { AuthService } from './auth-service.ts'
export type { AccountLinkStatus, AuthState, AuthUser, LoginMethod } from './auth-store-state.ts'
export * from './flows/index.ts'
export type { MailCooldown } from './mail/mail-cooldown.ts'
export type { MailPurpose } from './mail/mailed-addresses.ts'
export * from './profile/index.ts'
