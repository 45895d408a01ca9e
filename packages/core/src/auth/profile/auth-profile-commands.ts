import type { ApiClient } from '../../api/api-client-types.ts'
import type { ServerUserRecord } from '../../contract/users.ts'
import { messages } from '../../kernel/messages.ts'
import type { ReadableStore } from '../../kernel/store.ts'
import type { AuthActionResult, AuthFailure } from '../auth-command-results.ts'
import type { AuthFlowDeps } from '../auth-flow-deps.ts'
import type { AuthService } from '../auth-service.ts'
import type { AuthSession } from '../auth-session.ts'
import type { AuthState } from '../auth-store-state.ts'
import type { ProfileSync } from './auth-profile-sync.ts'
import { profileFromRecord, roleMatches } from './profile-rules.ts'

/** `client.auth`'s commands about the signed-in user's profile and account, documented on AuthService. */
export type AuthProfileCommands = Pick<
  AuthService,
  | 'refreshProfile'
  | 'requireCompleteProfile'
  | 'updateDisplayName'
  | 'addOAuthProvider'
  | 'updateLastSignIn'
  | 'activate'
  | 'hasRole'
>

type UserAnswer = { ok: true; data: { user: ServerUserRecord } } | { ok: false; error: string; code: string | null }

export function createAuthProfileCommands(deps: {
  api: ApiClient
  session: AuthSession
  profiles: ProfileSync
  store: ReadableStore<AuthState>
  fail: AuthFlowDeps['fail']
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
