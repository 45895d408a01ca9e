import type { Provider } from '../contract/common.ts'
import type { OAuthAction } from '../contract/oauth.ts'
import type { AuthForServicesState, AuthStatus, AuthUserRef } from '../kernel/auth-for-services.ts'
import type { UserProfile } from './profile/profile-rules.ts'

/** How someone signed in: the provider enumeration of spec section 1. */
export type LoginMethod = Provider

/** The signed-in user as the auth service knows it. */
export interface AuthUser extends AuthUserRef {
  id: string
  email: string | null
  /** The provider of this sign-in, when known. */
  provider: Provider | null
}

/** What the last OAuth processing said about the account (spec section 3, accountLinkStatus). */
export interface AccountLinkStatus {
  action: OAuthAction
  message: string
  isNewProvider: boolean
  hasLinkedAccounts: boolean
  providers: Provider[]
}

/** Spec section 3, "Auth state", plus the completion percentage of section 4. */
export interface AuthState extends AuthForServicesState {
  status: AuthStatus
  user: AuthUser | null
  /** The access token (the refresh token never leaves supabase-js's storage). */
  token: string | null
  /** When the access token expires: milliseconds on the client's clock. */
  expiry: number | null
  /** The role in effect (spec section 6), null while nobody is signed in. */
  role: string | null
  profile: UserProfile | null
  /** 0 to 100: how much of name, nickname and phone is filled in. */
  profileCompletion: number
  isLoading: boolean
  /** The message of the last failed command, for a form to show; null after a success. */
  error: string | null
  accountLinkStatus: AccountLinkStatus | null
}

/** Before start() has read the stored session: nobody is known yet. */
export const initialAuthState: AuthState = {
  status: 'loading',
  user: null,
  token: null,
  expiry: null,
  role: null,
  profile: null,
  profileCompletion: 0,
  isLoading: true,
  error: null,
  accountLinkStatus: null,
}

/** Nobody is signed in. */
export const signedOutAuthState: AuthState = { ...initialAuthState, status: 'unauthenticated', isLoading: false }
