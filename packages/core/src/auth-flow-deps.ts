import type { Session } from '@supabase/auth-js'
import type { ApiClient } from './api-client.ts'
import type { AuthFailure, SignedIn } from './auth-command-results.ts'
import type { AuthPersistence } from './auth-persistence.ts'
import type { AuthEvents, AuthState, AuthUser, LoginMethod } from './auth-store-state.ts'
import type { Clock } from './clock.ts'
import type { ServerUserRecord } from './contract/users.ts'
import type { EventEmitter, Notice } from './emitter.ts'
import type { Platform } from './ports.ts'
import type { Store } from './store.ts'
import type { SupabaseAuth } from './supabase-client.ts'

/**
 * What the auth service's flows (password sign-in, sign-up, OAuth, password reset) get from it:
 * the ports, the state, and the few session operations they share. One per service instance.
 */
export interface AuthFlowDeps {
  readonly supabase: () => Promise<SupabaseAuth>
  readonly api: ApiClient
  readonly platform: Platform
  readonly clock: Clock
  readonly store: Store<AuthState>
  readonly events: EventEmitter<AuthEvents>
  readonly persistence: AuthPersistence
  notify(notice: Notice): void
  navigate(to: string, options?: { delayMs?: number; replace?: boolean }): void
  /** The app's origin and the absolute URL of one of its paths (e-mail links, OAuth returns). */
  origin(): string
  appUrl(path: string): string
  /** Records a failed command in the state (error, not loading) and returns it. */
  fail(message: string, code?: string | null, extra?: Pick<AuthFailure, 'suggestion'>): AuthFailure
  /**
   * Makes a Supabase session the signed-in one: the platform record is read (or `record` used), a
   * not-activated account (status 0) is refused when `checkStatus`, then token, profile, role,
   * cookies, last-login info, state, events, refresh timer and profile redirect follow.
   */
  completeSignIn(
    session: Session,
    method: LoginMethod,
    options: { record?: ServerUserRecord | null; checkStatus: boolean },
  ): Promise<SignedIn | AuthFailure>
  /** Ends supabase-js's session on this device only (refresh token revoked), ignoring failures. */
  dropSupabaseSession(): Promise<void>
  currentUser(): AuthUser | null
}
