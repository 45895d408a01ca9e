import type { Session } from '@supabase/auth-js'
import type { ApiClient } from '../../api/api-client-types.ts'
import type { Provider } from '../../contract/common.ts'
import type { ServerUserRecord } from '../../contract/users.ts'
import { messages } from '../../kernel/messages.ts'
import type { ReadableStore } from '../../kernel/store.ts'
import type { AuthFailure, RecordFailure, SignedIn } from '../auth-command-results.ts'
import type { AuthSession } from '../auth-session.ts'
import type { AuthState, LoginMethod } from '../auth-store-state.ts'
import { readToken } from '../auth-token.ts'
import type { ServerClock } from '../server-clock.ts'
import type { ActiveSession } from './token-refresh-deps.ts'

/**
 * Makes a Supabase session the signed-in one: the platform record is read (or `record` used), a
 * not-activated account (status 0) is refused when `checkStatus`, then token, profile, role,
 * cookies, last-login info, state, events, refresh timer and profile redirect follow.
 */
export type CompleteSignIn = (
  session: Session,
  method: LoginMethod,
  options: { record?: ServerUserRecord | null; checkStatus: boolean },
) => Promise<SignedIn | AuthFailure>

/** The last step every sign-in flow shares. */
export function createCompleteSignIn(deps: {
  api: ApiClient
  session: AuthSession
  store: ReadableStore<AuthState>
  fail: RecordFailure
}): CompleteSignIn {
  const { api, session, fail } = deps
  return async (next, method, options): Promise<SignedIn | AuthFailure> => {
    const active = activeFromSupabase(next, method, session.serverClock)
    if (!active) return fail(messages.loginError, 'INVALID_SESSION')
    session.begin(active) // the bearer for the record, before anything is kept
    let record = options.record
    if (record === undefined) {
      const answer = await api.call('getUser', { params: { id: active.user.id } }, { notify: false })
      record = answer.ok ? answer.data : null
    }
    if (options.checkStatus && record?.status === 0) {
      session.forget()
      await session.dropSupabaseSession()
      return fail(messages.accountNotActivated, 'ACCOUNT_NOT_ACTIVATED')
    }
    const committed = await session.commit(active, { method, restored: false, record })
    // The record read's 401 could not be refreshed: the API client has told the person and signed out.
    if (committed === null) return fail(messages.sessionExpired, 'SESSION_EXPIRED')
    return { status: 'signed-in', user: deps.store.getState().user!, ...committed }
  }
}

/** `next` has just arrived from the auth server: its `iat` tells how far the client's clock is off. */
function activeFromSupabase(next: Session, provider: Provider | null, serverClock: ServerClock): ActiveSession | null {
  const facts = readToken(next.access_token)
  if (!facts || facts.userId !== next.user.id) return null
  serverClock.learn(facts.issuedAt)
  return {
    accessToken: next.access_token,
    expiresAt: serverClock.toClient(facts.expiresAt),
    user: { id: next.user.id, email: next.user.email ?? facts.email, provider },
  }
}
