import type { ApiClient } from '../api/api-client-types.ts'
import { clientErrorCodes } from '../api/api-error.ts'
import type { Clock } from '../kernel/clock.ts'
import type { ClientEvents, EventEmitter, Notice } from '../kernel/emitter.ts'
import { clippedNotice } from '../kernel/notice-text.ts'
import type { Platform } from '../kernel/ports.ts'
import type { Store } from '../kernel/store.ts'
import { authFailure, type RecordFailure } from './auth-command-results.ts'
import type { AuthEvents } from './auth-events.ts'
import type { AuthPersistence } from './auth-persistence.ts'
import type { AuthSession } from './auth-session.ts'
import type { AuthState, AuthUser } from './auth-store-state.ts'
import type { CompleteSignIn } from './flows/auth-complete-sign-in.ts'
import type { MailCooldown } from './mail/mail-cooldown.ts'
import type { MailedAddresses } from './mail/mailed-addresses.ts'
import type { SupabaseAuth } from './supabase/supabase-client.ts'

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
  /** The mails asked for here: their addresses, and how long each address must wait for the next. */
  readonly mail: { readonly cooldown: MailCooldown; readonly addresses: MailedAddresses }
  notify(notice: Notice): void
  navigate(to: string, options?: { delayMs?: number; replace?: boolean }): void
  /** The app's origin and the absolute URL of one of its paths (e-mail links, OAuth returns). */
  origin(): string
  appUrl(path: string): string
  /** Records a failed command in the state (error, not loading) and returns it. */
  readonly fail: RecordFailure
  /** Makes a Supabase session the signed-in one (see CompleteSignIn). */
  readonly completeSignIn: CompleteSignIn
  /** Ends supabase-js's session on this device only (refresh token revoked), ignoring failures. */
  dropSupabaseSession(): Promise<unknown>
  currentUser(): AuthUser | null
}

/** The flows' dependencies over one service's ports, state and session. */
export function createAuthFlowDeps(deps: {
  supabase: () => Promise<SupabaseAuth>
  api: ApiClient
  platform: Platform
  clock: Clock
  store: Store<AuthState>
  events: EventEmitter<AuthEvents>
  persistence: AuthPersistence
  session: AuthSession
  mail: AuthFlowDeps['mail']
  /** The client-wide events: `notice` and `navigate`. */
  clientEvents: EventEmitter<ClientEvents>
}): AuthFlowDeps {
  const { api, platform, store, session, clientEvents } = deps
  const fail: RecordFailure = (message, code = null, extra = {}) => {
    store.setState({ isLoading: false, error: message })
    return { ...authFailure(message, code), ...extra }
  }
  return {
    supabase: deps.supabase,
    api,
    platform,
    clock: deps.clock,
    store,
    events: deps.events,
    persistence: deps.persistence,
    mail: deps.mail,
    notify: (notice) => clientEvents.emit('notice', clippedNotice(notice)),
    navigate: (to, options = {}) =>
      clientEvents.emit('navigate', { to, replace: options.replace ?? false, delayMs: options.delayMs ?? 0 }),
    origin: () => platform.location.current().origin,
    appUrl: (path) => new URL(path, platform.location.current().origin).href,
    fail,
    // Only a sign-in runs it, from a chunk loaded with the sign-in's own: off the first paint too. A
    // load that fails is the sign-in's failure, as a request that could not go.
    async completeSignIn(next, method, options) {
      let complete: CompleteSignIn
      try {
        const { createCompleteSignIn } = await import('./flows/auth-complete-sign-in.ts')
        complete = createCompleteSignIn({ api, session, store, fail })
      } catch {
        return fail('request failed: network error', clientErrorCodes.network)
      }
      return complete(next, method, options)
    },
    dropSupabaseSession: () => session.dropSupabaseSession(),
    currentUser: () => (session.current() ? store.getState().user : null),
  }
}
