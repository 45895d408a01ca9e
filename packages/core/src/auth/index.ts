/**
 * client.auth: the auth service over its flows (flows/), the profile rules (profile/) and Supabase
 * (supabase/).
 */

export type {
  AccountConflictResult,
  AuthActionResult,
  AuthFailure,
  OAuthCallbackResult,
  OAuthStartResult,
  SignedIn,
  SignInResult,
  SignUpResult,
  VerificationRequired,
} from './auth-command-results.ts'
export type { AuthEvents, SignOutReason } from './auth-events.ts'
export type { LastLoginInfo, UserRoleInfo } from './auth-persistence.ts'
export { type AuthService, type AuthServiceDeps, createAuthService } from './auth-service.ts'
export {
  type AccountLinkStatus,
  type AuthState,
  type AuthUser,
  initialAuthState,
  type LoginMethod,
} from './auth-store-state.ts'
export * from './flows/index.ts'
export * from './profile/index.ts'
