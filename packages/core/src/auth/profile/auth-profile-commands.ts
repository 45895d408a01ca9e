import type { ApiClient } from '../../api/api-client-types.ts'
import type { Provider } from '../../contract/common.ts'
import type { ServerUserRecord } from '../../contract/users.ts'
import { messages } from '../../kernel/messages.ts'
import type { ReadableStore } from '../../kernel/store.ts'
import type { AuthActionResult, AuthFailure, RecordFailure } from '../auth-command-results.ts'
import type { AuthFlowDeps } from '../auth-flow-deps.ts'
import type { AuthSession } from '../auth-session.ts'
import type { AuthState } from '../auth-store-state.ts'
import type { ProfileSync } from './auth-profile-sync.ts'
import { profileFromRecord, roleMatches, type UserProfile } from './profile-rules.ts'

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

type UserAnswer = { ok: true; data: { user: ServerUserRecord } } | { ok: false; error: string; code: string | null }

export function createAuthProfileCommands(deps: {
  api: ApiClient
  session: AuthSession
  profiles: ProfileSync
  store: ReadableStore<AuthState>
  fail: RecordFailure
  navigate: AuthFlowDeps['navigate']
}): AuthProfileCommands {
  const { api, session, profiles, fail } = deps

  function requireUser(): string | AuthFailure {
    return session.current()?.user.id ?? fail(messages.loginRequired, 'LOGIN_REQUIRED')
  }

  async function profileCommand(call: (userId: string) => Promise<UserAnswer>): Promise<AuthActionResult> {
    const userId = requireUser()
    if (typeof userId !== 'string') return userId
    const answer = await call(userId)
    if (!answer.ok) return fail(answer.error, answer.code)
    if (session.current()?.user.id === userId) profiles.apply(profileFromRecord(answer.data.user))
    return { status: 'ok' }
  }

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
    updateDisplayName: (displayName) =>
      profileCommand((id) => api.call('updateDisplayName', { params: { id }, body: { displayName } })),
    addOAuthProvider: (provider) =>
      profileCommand((id) => api.call('addOAuthProvider', { params: { id }, body: { provider } })),
    async updateLastSignIn() {
      const userId = requireUser()
      if (typeof userId !== 'string') return userId
      const answer = await api.call('updateLastSignIn', {}, { notify: false })
      return answer.ok ? { status: 'ok' } : fail(answer.error, answer.code)
    },
    async activate(email, supabaseUserId) {
      // Answered to the signed-in owner only (decisions.md): the bearer goes to this public path too.
      const answer = await api.call('activateUser', { body: { email, supabaseUserId } }, { requireUser: true })
      return answer.ok ? { status: 'ok' } : fail(answer.error, answer.code)
    },
    hasRole: (required) => roleMatches(deps.store.getState().role, required),
  }
}
