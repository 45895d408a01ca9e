import type { AccountConflict } from '../contract/oauth.ts'
import type { AuthUser } from './auth-store-state.ts'
import type { UserProfile } from './profile/profile-rules.ts'

/** A command that did not work: `message` is for people (Korean where the spec has one), `code` for programs. */
export interface AuthFailure {
  status: 'error'
  message: string
  code: string | null
  /** users/create's advice (DUPLICATE_PHONE / DUPLICATE_EMAIL). */
  suggestion?: string
  /** The auth server refused to send a mail this soon (429): seconds until it will (see auth.mailCooldown). */
  waitSeconds?: number
}

/** Records a failed command in the auth state (error, not loading) and returns it. */
export type RecordFailure = (
  message: string,
  code?: string | null,
  extra?: Pick<AuthFailure, 'suggestion' | 'waitSeconds'>,
) => AuthFailure

export interface SignedIn {
  status: 'signed-in'
  user: AuthUser
  profile: UserProfile
  /** Where the app is being sent (profile completion, or the OAuth target); null for nowhere. */
  redirectTo: string | null
}

/** The account exists but its e-mail must be confirmed first; a mail has been sent. */
export interface VerificationRequired {
  status: 'verification-required'
  email: string
  message: string | null
}

export type SignInResult = SignedIn | VerificationRequired | AuthFailure

export type SignUpResult = VerificationRequired | AuthFailure

export type AuthActionResult = { status: 'ok' } | AuthFailure

export type OAuthStartResult = { status: 'redirecting'; url: string } | AuthFailure

export interface AccountConflictResult {
  status: 'account-conflict'
  conflict: AccountConflict | null
  options: string[]
  message: string
}

/**
 * /auth/callback came with a link that no longer signs in: the confirmation mail's link expired or
 * was followed before (`signup`), or a Google or Kakao sign-in took longer than its 5 minutes
 * (`oauth`). Nothing was toasted and nobody is sent anywhere: the page offers the way on.
 */
export interface LinkExpiredResult {
  status: 'link-expired'
  flow: 'signup' | 'oauth'
  /** For `signup`: the address this browser asked the confirmation for (null when it did not). */
  email: string | null
  message: string
}

export type OAuthCallbackResult =
  | SignedIn
  | VerificationRequired
  | AccountConflictResult
  | LinkExpiredResult
  | AuthFailure

export function authFailure(message: string, code: string | null = null): AuthFailure {
  return { status: 'error', message, code }
}
