import type { Provider } from '../contract/common.ts'
import type { AuthUser, LoginMethod } from './auth-store-state.ts'

/** Why a session ended. */
export type SignOutReason =
  /** logout() */
  | 'logout'
  /** The token could not be refreshed. */
  | 'expired'
  /** Another tab signed out. */
  | 'other-tab'
  /** The server signed this device out (removed from another device, by an admin, its lease expired). */
  | 'evicted'

/** One-off events of the auth service. No payload carries a token or a password. */
export type AuthEvents = {
  signedIn: { user: AuthUser; method: LoginMethod | null; restored: boolean }
  signedOut: { userId: string | null; reason: SignOutReason }
  /** Another user (or none, or someone) is now signed in. */
  userChanged: { previous: AuthUser | null; current: AuthUser | null }
  /** `expiresAt`: milliseconds on the client's clock. */
  tokenRefreshed: { expiresAt: number }
  sessionExpired: { userId: string | null }
  profileIncomplete: { userId: string; email: string; completion: number; redirectTo: string | null }
  /**
   * A sign-up is complete: an e-mail account confirmed through its link, or an account made by a
   * Google or Kakao SIGNUP whose profile is now complete. May come again for the same account (a
   * confirmation link opened twice); visit analytics count the signup conversion once.
   */
  signedUp: { userId: string; provider: Provider }
  /** Sign-out has begun; the token still works until the hooks have run. */
  signingOut: { userId: string | null; reason: SignOutReason }
}
