import type { Session } from '@supabase/auth-js'
import type { ApiClient } from '../api/api-client-types.ts'
import type { ServerUserRecord } from '../contract/users.ts'
import type { Clock } from '../kernel/clock.ts'
import type { EventEmitter, Notice } from '../kernel/emitter.ts'
import { messages } from '../kernel/messages.ts'
import type { BroadcastPort, LocksPort } from '../kernel/ports.ts'
import type { Store } from '../kernel/store.ts'
import type { AuthEvents, SignOutReason } from './auth-events.ts'
import type { AuthPersistence } from './auth-persistence.ts'
import { type AuthState, type AuthUser, type LoginMethod, signedOutAuthState } from './auth-store-state.ts'
import { readToken } from './auth-token.ts'
import { createTokenRefresher, type TokenRefresher } from './flows/auth-refresh.ts'
import type { ActiveSession } from './flows/token-refresh-deps.ts'
import type { ProfileSync } from './profile/auth-profile-sync.ts'
import { profileCompletion, type UserProfile } from './profile/profile-rules.ts'
import type { ServerClock } from './server-clock.ts'
import type { SupabaseAuth, SupabaseSessionAccess } from './supabase/supabase-client.ts'

export interface AuthSessionDeps {
  api: ApiClient
  clock: Clock
  locks: LocksPort
  broadcast: (channel: string) => BroadcastPort
  /** The server's times on the client's clock: every expiry the session holds is on the client's. */
  serverClock: ServerClock
  supabase: () => Promise<SupabaseAuth>
  sessionAccess?: () => SupabaseSessionAccess | null
  store: Store<AuthState>
  events: EventEmitter<AuthEvents>
  persistence: AuthPersistence
  profiles: ProfileSync
  notify(notice: Notice): void
  isVideoPlaying(): boolean
  /** The timer's refresh failed for good: end the session (spec section 4). */
  expire(): Promise<void>
}

export interface CommitOptions {
  method: LoginMethod | null
  restored: boolean
  /** The platform record already read (undefined: read it now). */
  record?: ServerUserRecord | null
}

export interface CommittedSession {
  profile: UserProfile
  redirectTo: string | null
}

/**
 * The signed-in session of one auth service: the one place that holds the tokens requests carry, and
 * the only writer of the sign-in and sign-out parts of the state. Flows change it through these
 * operations, never by setting fields.
 */
export interface AuthSession {
  /** The session requests carry; null while nobody is signed in. */
  current(): ActiveSession | null
  /** Requests carry `active` from now on, before it is committed (the record read, restore's refresh). */
  begin(active: ActiveSession): void
  /** Requests carry nothing any more; the state is left as it is (a refused sign-in). */
  forget(): void
  /**
   * Makes `active` the signed-in session: saved, in the state with its profile, announced, timed.
   * Null when the session ended while its profile was read (a 401 whose refresh failed signed out).
   */
  commit(active: ActiveSession, options: CommitOptions): Promise<CommittedSession | null>
  /** New tokens for the signed-in user (a refresh here, in supabase-js, or in another tab). */
  adopt(next: Session): Promise<void>
  /** Token, keys, cookies and state cleared; `signedOut` (and `userChanged`) emitted. */
  endLocally(reason: SignOutReason): Promise<void>
  /** Spec section 8: a failed token check clears the auth state. */
  clearInvalid(): Promise<void>
  /** Start-up is over with nobody signed in. */
  settleSignedOut(): void
  /**
   * Ends supabase-js's session on this device only (refresh token revoked), ignoring failures, and
   * answers the id of the auth session it ended (see SupabaseSessionAccess.storedSessionId). When
   * the stored session is `endedElsewhere`, the one another tab has just ended on the auth server,
   * it is only removed from storage: a second sign-out with its token would be refused (403).
   */
  dropSupabaseSession(endedElsewhere?: unknown): Promise<unknown>
  readonly refresher: TokenRefresher
  readonly serverClock: ServerClock
  /** Null once start-up has restored the session; until then what requests needing auth wait on. */
  whenInitialized(): Promise<void> | null
  markInitialized(): void
  /** True while a sign-in or restore is between reading the profile and deciding its redirect. */
  readonly committing: boolean
}

export function createAuthSession(deps: AuthSessionDeps): AuthSession {
  const { api, store, events, persistence, profiles, notify } = deps
  let session: ActiveSession | null = null
  // Set in the promise's executor, which runs at once: resolves the promise and drops it.
  let markInitialized = () => {}
  let initializing: Promise<void> | null = new Promise<void>((resolve) => {
    markInitialized = () => {
      initializing = null
      resolve()
    }
  })
  let committing = 0

  const refresher = createTokenRefresher({
    clock: deps.clock,
    supabase: deps.supabase,
    sessionAccess: deps.sessionAccess,
    locks: deps.locks,
    broadcast: deps.broadcast,
    serverClock: deps.serverClock,
    current: () => session,
    adopt,
    expire: () => deps.expire(),
    isVideoPlaying: deps.isVideoPlaying,
  })

  async function dropSupabaseSession(endedElsewhere?: unknown): Promise<unknown> {
    try {
      const auth = await deps.supabase()
      const access = deps.sessionAccess?.()
      const ended = access?.storedSessionId()
      // This tab's storage may still show the session the other tab removed: a write of another
      // renderer process arrives late, on another path than that tab's message.
      if (endedElsewhere && ended === endedElsewhere) access!.forgetStored()
      else await auth.signOut({ scope: 'local' })
      return ended
    } catch {
      // Nothing to end, or the server is away: the local session is gone either way.
    }
  }

  async function adopt(next: Session): Promise<void> {
    const current = session
    // supabase-js announces a refresh before it returns one, so the same tokens arrive twice.
    if (!current || next.access_token === current.accessToken) return
    const facts = readToken(next.access_token)
    if (!facts || facts.userId !== current.user.id) return
    const expiresAt = deps.serverClock.toClient(facts.expiresAt)
    session = { ...current, accessToken: next.access_token, expiresAt }
    store.setState({ token: next.access_token, expiry: expiresAt })
    refresher.schedule(expiresAt)
    events.emit('tokenRefreshed', { expiresAt })
    if (!(await persistence.saveToken(next.access_token)))
      notify({ kind: 'error', message: messages.authInfoSaveFailed })
  }

  async function commitSession(active: ActiveSession, options: CommitOptions): Promise<CommittedSession | null> {
    session = active
    if (!(await persistence.saveToken(active.accessToken)))
      notify({ kind: 'error', message: messages.authInfoSaveFailed })
    if (options.method) persistence.saveLastLogin(options.method, active.user.email)
    const loaded =
      options.record === undefined ? await profiles.load(active.user) : profiles.fromRecord(options.record, active.user)
    // A 401 during the profile read may have refreshed the token meanwhile, or, when that refresh
    // failed, signed out: a session that ended is not brought back with the fallback profile.
    const current = session
    if (current === null || current.user.id !== active.user.id) return null
    const previous = store.getState().user
    const user = sameUser(previous, active.user) ? previous! : active.user
    // One update: no subscriber may see `authenticated` without the profile and role that go with it.
    const profile = profiles.apply(loaded.profile, loaded.fromServer, {
      status: 'authenticated',
      user,
      token: current.accessToken,
      expiry: current.expiresAt,
      isLoading: false,
      error: null,
    })
    refresher.schedule(current.expiresAt)
    if (previous?.id !== user.id) events.emit('userChanged', { previous, current: user })
    events.emit('signedIn', { user, method: options.method, restored: options.restored })
    if (!options.restored) await api.call('updateLastSignIn', {}, { notify: false })
    const redirectTo = profiles.redirectFor(loaded, profile)
    if (!profile.hasProfile) {
      events.emit('profileIncomplete', {
        userId: user.id,
        email: profile.email,
        completion: profileCompletion(loaded.profile),
        redirectTo,
      })
    }
    return { profile, redirectTo }
  }

  function settle(state: AuthState): void {
    markInitialized()
    store.setState(state, true)
  }

  return {
    current: () => session,
    begin(active) {
      session = active
    },
    forget() {
      session = null
    },
    async commit(active, options) {
      committing++
      try {
        return await commitSession(active, options)
      } finally {
        committing--
      }
    },
    adopt,
    async endLocally(reason) {
      const previous = store.getState().user
      const userId = session?.user.id ?? previous?.id ?? null
      session = null
      refresher.cancel()
      await persistence.clearSession()
      store.setState({ ...signedOutAuthState }, true)
      events.emit('signedOut', { userId, reason })
      if (previous) events.emit('userChanged', { previous, current: null })
    },
    async clearInvalid() {
      session = null
      await dropSupabaseSession()
      await persistence.clearSession()
      settle({ ...signedOutAuthState })
    },
    settleSignedOut: () => settle({ ...signedOutAuthState }),
    dropSupabaseSession,
    refresher,
    serverClock: deps.serverClock,
    whenInitialized: () => initializing,
    markInitialized,
    get committing() {
      return committing > 0
    },
  }
}

function sameUser(a: AuthUser | null, b: AuthUser): boolean {
  return a !== null && a.id === b.id && a.email === b.email && a.provider === b.provider
}
