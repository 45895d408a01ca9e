import type { Session } from '@supabase/auth-js'
import type { ApiAuthPort } from './api-auth-port.ts'
import type { ApiClient } from './api-client.ts'
import { resendConfirmation, type SignUpInput, signUp } from './auth-account.ts'
import {
  type AuthActionResult,
  type AuthFailure,
  authFailure,
  type OAuthCallbackResult,
  type OAuthStartResult,
  type SignedIn,
  type SignInResult,
  type SignUpResult,
} from './auth-command-results.ts'
import { type CrossTabSignOut, crossTabSignOut } from './auth-cross-tab.ts'
import type { AuthFlowDeps } from './auth-flow-deps.ts'
import type { AuthForServices } from './auth-for-services.ts'
import { requestPasswordReset, updatePassword } from './auth-password-reset.ts'
import { signInWithPassword } from './auth-password-sign-in.ts'
import { type AuthPersistence, createAuthPersistence, type LastLoginInfo } from './auth-persistence.ts'
import { createProfileSync } from './auth-profile-sync.ts'
import { type ActiveSession, createTokenRefresher } from './auth-refresh.ts'
import { restoreSession } from './auth-restore.ts'
import { createSignOut } from './auth-sign-out.ts'
import {
  type AuthEvents,
  type AuthState,
  type AuthUser,
  initialAuthState,
  type LoginMethod,
  type SignOutReason,
  signedOutAuthState,
} from './auth-store-state.ts'
import { isExpiring, readToken } from './auth-token.ts'
import type { Clock } from './clock.ts'
import { REDIRECT_AFTER_LOGOUT_MS } from './constants.ts'
import type { Provider } from './contract/common.ts'
import type { ServerUserRecord } from './contract/users.ts'
import { type ClientEvents, createEmitter, type EventEmitter } from './emitter.ts'
import { messages } from './messages.ts'
import { clippedNotice } from './notice-text.ts'
import { createOAuthCallbackHandler } from './oauth-callback.ts'
import { type OAuthProvider, type OAuthStartOptions, startOAuthSignIn } from './oauth-sign-in.ts'
import type { Platform } from './ports.ts'
import { profileCompletion, profileFromRecord, roleMatches, type UserProfile } from './profile-rules.ts'
import { routes, suppressesAuthRedirect } from './routes.ts'
import { broadcastChannels } from './storage-keys.ts'
import { createStore, type ReadableStore } from './store.ts'
import type { SupabaseAuth, SupabaseSessionAccess } from './supabase-client.ts'

export interface AuthServiceDeps {
  /** supabase-js's auth client, made on first use. */
  supabase: () => Promise<SupabaseAuth>
  /** Its session reached directly, where the core made it (null until made, and for an app's own client). */
  sessionAccess?: () => SupabaseSessionAccess | null
  api: ApiClient
  platform: Platform
  clock: Clock
  /** The client-wide events: `notice` and `navigate`. */
  events: EventEmitter<ClientEvents>
  /** Whether a video plays now (the device service knows); also settable with setVideoPlaying. */
  isVideoPlaying?: () => boolean
  /** Runs at dispose, after the service's own cleanup (the client stops a supabase-js it made). */
  onDispose?: () => void
}

/** `client.auth`: sign-in, tokens, OAuth, profile and logout (spec sections 2 to 9). */
export interface AuthService {
  readonly store: ReadableStore<AuthState>
  readonly events: EventEmitter<AuthEvents>
  /** What the API client asks: token, initialised, refresh, logout, playback. */
  readonly apiAuth: ApiAuthPort
  /** What the device and analytics services see. */
  readonly forServices: AuthForServices
  /** Restores the stored session (refreshing or checking its token). Idempotent; resolves when done. */
  start(): Promise<void>
  signInWithPassword(email: string, password: string): Promise<SignInResult>
  signUp(input: SignUpInput): Promise<SignUpResult>
  resendConfirmation(email: string): Promise<AuthActionResult>
  requestPasswordReset(email: string): Promise<AuthActionResult>
  /** For the signed-in user, or on /sign/reset-password/confirm with the reset link's code. */
  updatePassword(password: string): Promise<AuthActionResult>
  signInWithOAuth(provider: OAuthProvider, options?: OAuthStartOptions): Promise<OAuthStartResult>
  /** Run on /auth/callback. */
  handleOAuthCallback(): Promise<OAuthCallbackResult>
  /** Refreshes the token now (single flight with the timer and the API client). */
  refreshSession(): Promise<boolean>
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
  /** Less than 5 minutes left on the token (or none at all). */
  isTokenExpiring(): boolean
  lastLoginInfo(): LastLoginInfo | null
  /** Signs out and goes to / after 100 ms. A call while one runs does nothing more. */
  logout(): Promise<void>
  /** While true, a failed refresh neither signs out nor redirects. */
  setVideoPlaying(playing: boolean): void
  dispose(): void
}

export function createAuthService(deps: AuthServiceDeps): AuthService {
  const { api, platform, clock } = deps
  const clientEvents = deps.events
  const store = createStore<AuthState>({ ...initialAuthState })
  const events = createEmitter<AuthEvents>()
  const persistence: AuthPersistence = createAuthPersistence(platform, clock)
  const profiles = createProfileSync({ api, platform, persistence, store })
  const hooks = new Set<() => Promise<void>>()
  const cleanups: (() => void)[] = []
  let session: ActiveSession | null = null
  let initialized = false
  let videoPlaying = false
  let started: Promise<void> | null = null
  let disposed = false
  let tabs: CrossTabSignOut | null = null
  let logoutFlight: Promise<void> | null = null
  /** Sign-ins and restores between reading the profile and deciding its redirect. */
  let committing = 0

  const isVideoPlaying = () => videoPlaying || (deps.isVideoPlaying?.() ?? false)
  const notify: AuthFlowDeps['notify'] = (notice) => clientEvents.emit('notice', clippedNotice(notice))
  const navigate: AuthFlowDeps['navigate'] = (to, options = {}) =>
    clientEvents.emit('navigate', { to, replace: options.replace ?? false, delayMs: options.delayMs ?? 0 })
  const fail: AuthFlowDeps['fail'] = (message, code = null, extra = {}) => {
    store.setState({ isLoading: false, error: message })
    return { ...authFailure(message, code), ...extra }
  }

  async function dropSupabaseSession(): Promise<void> {
    try {
      const auth = await deps.supabase()
      await auth.signOut({ scope: 'local' })
    } catch {
      // Nothing to end, or the server is away: the local session is gone either way.
    }
  }

  const refresher = createTokenRefresher({
    clock,
    supabase: deps.supabase,
    sessionAccess: deps.sessionAccess,
    locks: platform.locks,
    current: () => session,
    adopt,
    expire,
    isVideoPlaying,
  })

  const signOut = createSignOut({
    clock,
    platform,
    api,
    persistence,
    currentUserId: () => session?.user.id ?? store.getState().user?.id ?? null,
    hasToken: () => session !== null,
    stopRefresh: () => refresher.cancel(),
    announceStart: (userId, reason) => events.emit('signingOut', { userId, reason }),
    hooks: () => hooks,
    dropSupabaseSession,
    endLocally,
    announceToTabs: (userId) => tabs?.announce(userId),
  })

  /** New tokens for the signed-in user (a refresh here, in supabase-js, or in another tab). */
  async function adopt(next: Session): Promise<void> {
    const current = session
    // supabase-js announces a refresh before it returns one, so the same tokens arrive twice.
    if (!current || next.access_token === current.accessToken) return
    const facts = readToken(next.access_token)
    if (!facts || facts.userId !== current.user.id) return
    session = { ...current, accessToken: next.access_token, expiresAt: facts.expiresAt }
    store.setState({ token: next.access_token, expiry: facts.expiresAt })
    refresher.schedule(facts.expiresAt)
    events.emit('tokenRefreshed', { expiresAt: facts.expiresAt })
    if (!(await persistence.saveToken(next.access_token)))
      notify({ kind: 'error', message: messages.authInfoSaveFailed })
  }

  /** The timer's refresh failed for good (spec section 4: a failed refresh logs out). */
  async function expire(): Promise<void> {
    events.emit('sessionExpired', { userId: session?.user.id ?? null })
    notify({ kind: 'error', message: messages.sessionExpired })
    const { pathname } = platform.location.current()
    const stay = suppressesAuthRedirect(pathname) || pathname === routes.signIn
    await signOut.run({ reason: 'expired' })
    if (!stay) navigate(routes.signIn)
  }

  async function endLocally(reason: SignOutReason): Promise<void> {
    const previous = store.getState().user
    const userId = session?.user.id ?? previous?.id ?? null
    session = null
    refresher.cancel()
    await persistence.clearSession()
    store.setState({ ...signedOutAuthState }, true)
    events.emit('signedOut', { userId, reason })
    if (previous) events.emit('userChanged', { previous, current: null })
  }

  /** Makes `active` the signed-in session: saved, in the state, announced, timed. */
  async function commit(
    active: ActiveSession,
    options: { method: LoginMethod | null; restored: boolean; record?: ServerUserRecord | null },
  ): Promise<{ profile: UserProfile; redirectTo: string | null }> {
    committing++
    try {
      return await commitSession(active, options)
    } finally {
      committing--
    }
  }

  async function commitSession(
    active: ActiveSession,
    options: { method: LoginMethod | null; restored: boolean; record?: ServerUserRecord | null },
  ): Promise<{ profile: UserProfile; redirectTo: string | null }> {
    session = active
    if (!(await persistence.saveToken(active.accessToken)))
      notify({ kind: 'error', message: messages.authInfoSaveFailed })
    if (options.method) persistence.saveLastLogin(options.method, active.user.email)
    const loaded =
      options.record === undefined ? await profiles.load(active.user) : profiles.fromRecord(options.record, active.user)
    // A 401 during the profile read may have refreshed the token meanwhile.
    const current = session ?? active
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

  function activeFromSupabase(next: Session, provider: Provider | null): ActiveSession | null {
    const facts = readToken(next.access_token)
    if (!facts || facts.userId !== next.user.id) return null
    return {
      accessToken: next.access_token,
      expiresAt: facts.expiresAt,
      user: { id: next.user.id, email: next.user.email ?? facts.email, provider },
    }
  }

  const completeSignIn: AuthFlowDeps['completeSignIn'] = async (next, method, options) => {
    const active = activeFromSupabase(next, method)
    if (!active) return fail(messages.loginError, 'INVALID_SESSION')
    session = active // the bearer for the record, before anything is kept
    let record = options.record
    if (record === undefined) {
      const answer = await api.call('getUser', { params: { id: active.user.id } }, { notify: false })
      record = answer.ok ? answer.data : null
    }
    if (options.checkStatus && record?.status === 0) {
      session = null
      await dropSupabaseSession()
      return fail(messages.accountNotActivated, 'ACCOUNT_NOT_ACTIVATED')
    }
    const { profile, redirectTo } = await commit(active, { method, restored: false, record })
    const signedIn: SignedIn = { status: 'signed-in', user: store.getState().user!, profile, redirectTo }
    return signedIn
  }

  /** Spec section 8: a failed token check clears the auth state. */
  async function clearInvalid(): Promise<void> {
    session = null
    await dropSupabaseSession()
    await persistence.clearSession()
    settle({ ...signedOutAuthState })
  }

  function settle(state: AuthState): void {
    initialized = true
    store.setState(state, true)
  }

  const restore = () =>
    restoreSession({
      clock,
      persistence,
      supabase: deps.supabase,
      refresher,
      begin: (active) => {
        session = active
      },
      current: () => session,
      markInitialized: () => {
        initialized = true
      },
      signedOut: () => settle({ ...signedOutAuthState }),
      clearInvalid,
      async expire(userId) {
        events.emit('sessionExpired', { userId })
        await signOut.run({ reason: 'expired' })
      },
      commit: (active) => commit(active, { method: null, restored: true }),
      navigate: (to) => navigate(to),
    })

  async function signedOutElsewhere(userId: string | null): Promise<void> {
    if (!session || signOut.inProgress || (userId !== null && userId !== session.user.id)) return
    await signOut.run({ reason: 'other-tab', remote: true })
    navigate(routes.home, { delayMs: REDIRECT_AFTER_LOGOUT_MS })
  }

  const ctx: AuthFlowDeps = {
    supabase: deps.supabase,
    api,
    platform,
    clock,
    store,
    events,
    persistence,
    notify,
    navigate,
    origin: () => platform.location.current().origin,
    appUrl: (path) => new URL(path, platform.location.current().origin).href,
    fail,
    completeSignIn,
    dropSupabaseSession,
    currentUser: () => (session ? store.getState().user : null),
  }
  const oauthCallback = createOAuthCallbackHandler(ctx)

  function requireUser(): string | AuthFailure {
    return session?.user.id ?? fail(messages.loginRequired, 'LOGIN_REQUIRED')
  }

  async function profileCommand(
    call: (
      userId: string,
    ) => Promise<{ ok: true; data: { user: ServerUserRecord } } | { ok: false; error: string; code: string | null }>,
  ): Promise<AuthActionResult> {
    const userId = requireUser()
    if (typeof userId !== 'string') return userId
    const answer = await call(userId)
    if (!answer.ok) return fail(answer.error, answer.code)
    if (session?.user.id === userId) profiles.apply(profileFromRecord(answer.data.user))
    return { status: 'ok' }
  }

  function start(): Promise<void> {
    if (!started) {
      started = (async () => {
        tabs = crossTabSignOut(platform.broadcast(broadcastChannels.auth), (userId) => {
          void signedOutElsewhere(userId)
        })
        try {
          const auth = await deps.supabase()
          if (disposed) return
          const { data } = auth.onAuthStateChange((event, next) => {
            // supabase-js refreshed by itself (its timer on the system clock): keep its tokens.
            if (event === 'TOKEN_REFRESHED' && next) void adopt(next)
          })
          cleanups.push(() => data.subscription.unsubscribe())
          await auth.initialize()
        } catch {
          // supabase-js could not be loaded or set up: restore() below finds no session to use.
        }
        await restore()
      })().catch(() => {
        settle({ ...signedOutAuthState })
      })
    }
    return started
  }

  /** Commands start the service first if the app has not: the stored session is known before anything changes it. */
  function afterStart<Args extends unknown[], Result>(
    command: (...args: Args) => Promise<Result>,
  ): (...args: Args) => Promise<Result> {
    return async (...args) => {
      await start()
      return command(...args)
    }
  }

  const apiAuth: ApiAuthPort = {
    getAccessToken: () => session?.accessToken ?? null,
    getUserId: () => session?.user.id ?? null,
    isInitialized: () => initialized,
    isAuthenticated: () => session !== null,
    refresh: async () => (await refresher.refresh()) === 'refreshed',
    async logout() {
      // The API client's refresh failed: it shows the toast and goes to sign-in itself.
      events.emit('sessionExpired', { userId: session?.user.id ?? null })
      await signOut.run({ reason: 'expired' })
    },
    isVideoPlaying,
    get logoutInProgress() {
      return signOut.inProgress
    },
  }

  const forServices: AuthForServices = {
    store,
    onBeforeSignOut(hook) {
      hooks.add(hook)
      return () => {
        hooks.delete(hook)
      }
    },
  }

  return {
    store,
    events,
    apiAuth,
    forServices,
    start,
    signInWithPassword: afterStart((email: string, password: string) => signInWithPassword(ctx, email, password)),
    signUp: afterStart((input: SignUpInput) => signUp(ctx, input)),
    resendConfirmation: afterStart((email: string) => resendConfirmation(ctx, email)),
    requestPasswordReset: afterStart((email: string) => requestPasswordReset(ctx, email)),
    updatePassword: afterStart((password: string) => updatePassword(ctx, password)),
    signInWithOAuth: afterStart((provider: OAuthProvider, options?: OAuthStartOptions) =>
      startOAuthSignIn(ctx, provider, options),
    ),
    handleOAuthCallback: afterStart(() => oauthCallback()),
    refreshSession: apiAuth.refresh,
    async refreshProfile() {
      if (!session) return null
      const loaded = await profiles.load(session.user)
      return session ? profiles.apply(loaded.profile, loaded.fromServer) : null
    },
    requireCompleteProfile() {
      if (!session || committing > 0) return null
      const redirectTo = profiles.redirectForCurrent()
      if (redirectTo) navigate(redirectTo, { replace: true })
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
      const answer = await api.call('activateUser', { body: { email, supabaseUserId } })
      return answer.ok ? { status: 'ok' } : fail(answer.error, answer.code)
    },
    hasRole: (required) => roleMatches(store.getState().role, required),
    isTokenExpiring: () => !session || isExpiring(session.expiresAt, clock.now()),
    lastLoginInfo: () => persistence.readLastLogin(),
    logout() {
      // A second logout while one runs does nothing (it gets the running one to wait on).
      if (!logoutFlight) {
        logoutFlight = (async () => {
          await start()
          await signOut.run({ reason: 'logout' })
          navigate(routes.home, { delayMs: REDIRECT_AFTER_LOGOUT_MS })
        })().finally(() => {
          logoutFlight = null
        })
      }
      return logoutFlight
    },
    setVideoPlaying(playing) {
      videoPlaying = playing
    },
    dispose() {
      if (disposed) return
      disposed = true
      refresher.cancel()
      for (const cleanup of cleanups.splice(0)) cleanup()
      tabs?.close()
      tabs = null
      hooks.clear()
      events.all.clear()
      deps.onDispose?.()
    },
  }
}

function sameUser(a: AuthUser | null, b: AuthUser): boolean {
  return a !== null && a.id === b.id && a.email === b.email && a.provider === b.provider
}
