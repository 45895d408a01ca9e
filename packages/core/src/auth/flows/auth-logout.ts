import type { ApiClient } from '../../api/api-client-types.ts'
import type { Clock } from '../../kernel/clock.ts'
import { REDIRECT_AFTER_LOGOUT_MS } from '../../kernel/constants.ts'
import type { EventEmitter } from '../../kernel/emitter.ts'
import { messages } from '../../kernel/messages.ts'
import type { Platform } from '../../kernel/ports.ts'
import { routes, suppressesAuthRedirect } from '../../kernel/routes.ts'
import type { ReadableStore } from '../../kernel/store.ts'
import type { AuthEvents } from '../auth-events.ts'
import type { AuthFlowDeps } from '../auth-flow-deps.ts'
import type { AuthPersistence } from '../auth-persistence.ts'
import type { AuthSession } from '../auth-session.ts'
import type { AuthState } from '../auth-store-state.ts'
import { createSignOut, type SignOut } from './auth-sign-out.ts'
import { signInReturningTo } from './redirect-target.ts'

export interface AuthLogoutDeps {
  clock: Clock
  platform: Platform
  api: ApiClient
  persistence: AuthPersistence
  session: AuthSession
  store: ReadableStore<AuthState>
  events: EventEmitter<AuthEvents>
  notify: AuthFlowDeps['notify']
  navigate: AuthFlowDeps['navigate']
  /** Work registered with onBeforeSignOut. */
  hooks: () => Iterable<() => Promise<void>>
  /** Tells the other tabs. */
  announceToTabs(userId: string | null, sessionId: unknown): void
  /** The service's start-up: a logout waits for the stored session to be known. */
  start(): Promise<void>
}

/** The ways a session ends, each running the one sign-out sequence, and where the app goes after. */
export interface AuthLogout {
  readonly signOut: SignOut
  /** logout(): signs out and goes to / after 100 ms. A call while one runs gets the running one. */
  logout(): Promise<void>
  /** The timer's refresh failed for good (spec section 4): toast, sign-out, sign-in page unless exempt. */
  expireFromTimer(): Promise<void>
  /** The API client's refresh failed: it shows the toast and goes to sign-in itself. */
  expireFromApi(): Promise<void>
  /** Start-up could not refresh the stored token: as expireFromTimer. */
  expireAtRestore(userId: string): Promise<void>
  /** Another tab signed `userId` out (null: whoever was signed in), and ended auth session `sessionId`. */
  signedOutElsewhere(userId: string | null, sessionId: unknown): Promise<void>
  /** The server signed this device out: says why (`message`, unless null), signs out, and goes to sign-in. */
  evicted(message: string | null): Promise<void>
}

export function createAuthLogout(deps: AuthLogoutDeps): AuthLogout {
  const { session, events, navigate } = deps
  let logoutFlight: Promise<void> | null = null

  const signOut = createSignOut({
    clock: deps.clock,
    platform: deps.platform,
    api: deps.api,
    persistence: deps.persistence,
    currentUserId: () => session.current()?.user.id ?? deps.store.getState().user?.id ?? null,
    hasToken: () => session.current() !== null,
    stopRefresh: () => session.refresher.cancel(),
    announceStart: (userId, reason) => events.emit('signingOut', { userId, reason }),
    hooks: deps.hooks,
    dropSupabaseSession: (endedElsewhere) => session.dropSupabaseSession(endedElsewhere),
    endLocally: (reason) => session.endLocally(reason),
    announceToTabs: (userId, sessionId) => deps.announceToTabs(userId, sessionId),
  })

  /** A refresh failed for good (spec sections 4, 8): the toast, sign-out, and the sign-in page unless exempt. */
  async function expireAndTell(userId: string | null): Promise<void> {
    events.emit('sessionExpired', { userId })
    deps.notify({ kind: 'error', message: messages.sessionExpired })
    const here = deps.platform.location.current()
    const stay = suppressesAuthRedirect(here.pathname) || here.pathname === routes.signIn
    await signOut.run({ reason: 'expired' })
    if (!stay) navigate(signInReturningTo(here))
  }

  return {
    signOut,
    logout() {
      if (!logoutFlight) {
        logoutFlight = (async () => {
          await deps.start()
          await signOut.run({ reason: 'logout' })
          navigate(routes.home, { delayMs: REDIRECT_AFTER_LOGOUT_MS })
        })().finally(() => {
          logoutFlight = null
        })
      }
      return logoutFlight
    },
    expireFromTimer: () => expireAndTell(session.current()?.user.id ?? null),
    async expireFromApi() {
      events.emit('sessionExpired', { userId: session.current()?.user.id ?? null })
      await signOut.run({ reason: 'expired' })
    },
    expireAtRestore: expireAndTell,
    async signedOutElsewhere(userId, sessionId) {
      const current = session.current()
      if (!current || signOut.inProgress || (userId !== null && userId !== current.user.id)) return
      await signOut.run({ reason: 'other-tab', remote: true, endedElsewhere: sessionId })
      navigate(routes.home, { delayMs: REDIRECT_AFTER_LOGOUT_MS })
    },
    async evicted(message) {
      if (!session.current() || signOut.inProgress) return
      // Expected (the limit met elsewhere, an operator), not a failure: a warning.
      if (message !== null) deps.notify({ kind: 'warning', message })
      await signOut.run({ reason: 'evicted' })
      navigate(routes.signIn)
    },
  }
}
