import type { Provider } from '../../contract/common.ts'
import type { ReadableStore } from '../../kernel/store.ts'
import type { AuthActionResult } from '../auth-command-results.ts'
import type { AuthFlowDeps } from '../auth-flow-deps.ts'
import type { AuthSession } from '../auth-session.ts'
import type { AuthState } from '../auth-store-state.ts'
import type { ProfileSync } from './auth-profile-sync.ts'
import { roleMatches, type UserProfile } from './profile-rules.ts'

/** `client.auth`'s commands about the signed-in user's profile and account. */
export interface AuthProfileCommands {
  /** Reads the profile again (after the completion page saved it). */
  refreshProfile(): Promise<UserProfile | null>
  /**
   * The completion redirect for a page the app gates, asked when the signed-in user enters it
   * (sign-in, the OAuth callback and start-up take it themselves, and while one of them is
   * deciding this does nothing). An incomplete profile goes to /sign/complete/{userId}/{email}
   * (replacing the gated page in history), counted in profileRedirectCount; after 3 times per
   * browser session it counts as complete, its role included. Returns the path, or null.
   */
  requireCompleteProfile(): string | null
  updateDisplayName(displayName: string): Promise<AuthActionResult>
  addOAuthProvider(provider: Provider): Promise<AuthActionResult>
  updateLastSignIn(): Promise<AuthActionResult>
  activate(email: string, supabaseUserId: string): Promise<AuthActionResult>
  /** One role or a list; false while nobody is signed in. */
  hasRole(required: string | readonly string[]): boolean
}

/**
 * The profile commands every page may run: the profile read again, the completion gate, the role.
 * The ones that change the account (profile-account-commands.ts) load with the sign-in pages' own.
 */
export function createAuthProfileCommands(deps: {
  session: AuthSession
  profiles: ProfileSync
  store: ReadableStore<AuthState>
  navigate: AuthFlowDeps['navigate']
}): Pick<AuthProfileCommands, 'refreshProfile' | 'requireCompleteProfile' | 'hasRole'> {
  const { session, profiles } = deps
  return {
    async refreshProfile() {
      const current = session.current()
      if (!current) return null
      const loaded = await profiles.load(current.user)
      return session.current() ? profiles.apply(loaded.profile, loaded.fromServer) : null
    },
    requireCompleteProfile() {
      if (!session.current() || session.committing) return null
      const redirectTo = profiles.redirectForCurrent()
      if (redirectTo) deps.navigate(redirectTo, { replace: true })
      return redirectTo
    },
    hasRole: (required) => roleMatches(deps.store.getState().role, required),
  }
}
