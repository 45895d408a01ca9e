import type { ApiClient } from '../../api/api-client-types.ts'
import type { ServerUserRecord } from '../../contract/users.ts'
import { messages } from '../../kernel/messages.ts'
import type { AuthFailure, RecordFailure } from '../auth-command-results.ts'
import type { AuthSession } from '../auth-session.ts'
import type { AuthProfileCommands } from './auth-profile-commands.ts'
import type { ProfileSync } from './auth-profile-sync.ts'
import { profileFromRecord } from './profile-rules.ts'

type UserAnswer = { ok: true; data: { user: ServerUserRecord } } | { ok: false; error: string; code: string | null }

export type ProfileAccountCommands = Pick<
  AuthProfileCommands,
  'updateDisplayName' | 'addOAuthProvider' | 'updateLastSignIn' | 'activate'
>

/**
 * The commands that change the signed-in user's account (the display name, a linked provider, the
 * last sign-in, activation): a chunk loaded with the sign-in pages' commands (auth-commands.ts).
 */
export function createProfileAccountCommands(deps: {
  api: ApiClient
  session: AuthSession
  profiles: ProfileSync
  fail: RecordFailure
}): ProfileAccountCommands {
  const { api, session, profiles, fail } = deps

  function requireUser(): string | AuthFailure {
    return session.current()?.user.id ?? fail(messages.loginRequired, 'LOGIN_REQUIRED')
  }

  async function profileCommand(
    call: (userId: string) => Promise<UserAnswer>,
  ): ReturnType<ProfileAccountCommands['updateDisplayName']> {
    const userId = requireUser()
    if (typeof userId !== 'string') return userId
    const answer = await call(userId)
    if (!answer.ok) return fail(answer.error, answer.code)
    if (session.current()?.user.id === userId) profiles.apply(profileFromRecord(answer.data.user))
    return { status: 'ok' }
  }

  return {
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
  }
}
