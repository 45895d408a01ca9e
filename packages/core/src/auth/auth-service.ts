import type { ApiAuthPort } from '../api/api-auth-port.ts'
import type { ApiClient } from '../api/api-client-types.ts'
import type { Provider } from '../contract/common.ts'
import type { AuthForServices } from '../kernel/auth-for-services.ts'
import type { Clock } from '../kernel/clock.ts'
import { type ClientEvents, createEmitter, type EventEmitter, type Notice } from '../kernel/emitter.ts'
import { decisionMessages, messages } from '../kernel/messages.ts'
import type { Platform } from '../kernel/ports.ts'
import { createStore, type ReadableStore } from '../kernel/store.ts'
import type {
  AuthActionResult,
  OAuthCallbackResult,
  OAuthStartResult,
  SignInResult,
  SignUpResult,
} from './auth-command-results.ts'
import { authCommandsChunk } from './auth-commands-chunk.ts'
import type { AuthEvents } from './auth-events.ts'
import { createAuthFlowDeps } from './auth-flow-deps.ts'
import { createAuthPersistence, type LastLoginInfo } from './auth-persistence.ts'
import { createAuthSession } from './auth-session.ts'
import { createAuthStartup } from './auth-startup.ts'
import { type AuthState, initialAuthState } from './auth-store-state.ts'
import { isExpiring } from './auth-token.ts'
import { type AccountLinkRequest, createAccountLink } from './flows/account-link.ts'
import type { SignUpInput } from './flows/auth-account.ts'
import { createAuthLogout } from './flows/auth-logout.ts'
import type { OAuthProvider, OAuthStartOptions } from './flows/oauth-sign-in.ts'
import { createMailCooldown, type MailCooldown } from './mail/mail-cooldown.ts'
import { createMailedAddresses, type MailPurpose } from './mail/mailed-addresses.ts'
import { type AuthProfileCommands, createAuthProfileCommands } from './profile/auth-profile-commands.ts'
import { createProfileSync } from './profile/auth-profile-sync.ts'
import type { ProfileCompletionCommands, ProfileCompletionInput } from './profile/profile-completion-commands.ts'
import { takeProfileReturnTarget } from './profile/profile-redirect.ts'
import { createServerClock } from './server-clock.ts'
import type { SupabaseAuth, SupabaseSessionAccess } from './supabase/supabase-client.ts'

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
export interface AuthService extends ProfileCompletionCommands, AuthProfileCommands {
  readonly store: ReadableStore<AuthState>
  readonly events: EventEmitter<AuthEvents>
  /** What the API client asks: token, initialised, refresh, logout, playback. */
  readonly apiAuth: ApiAuthPort
  /** What the device and analytics services see. */
  readonly forServices: AuthForServices
  /** Restores the stored session (refreshing or checking its token). Idempotent; resolves when done. */
  start(): Promise<void>
  /**
   * Sets Supabase's auth client up now (auth-js is loaded when first needed: a stored session, a
   * command), so a sign-in page's first command does not wait for it. Idempotent; never rejects.
   */
  preload(): void
  signInWithPassword(email: string, password: string): Promise<SignInResult>
  signUp(input: SignUpInput): Promise<SignUpResult>
  resendConfirmation(email: string): Promise<AuthActionResult>
  requestPasswordReset(email: string): Promise<AuthActionResult>
  /**
   * How long each address must wait for its next mail after the auth server refused one (429),
   * counting down on the client's clock: what a resend button shows.
   */
  readonly mailCooldown: Pick<MailCooldown, 'secondsLeft' | 'subscribe'>
  /**
   * The address this browser last asked a sign-up confirmation or a password reset mail for (within
   * a day), so an expired link offers a new one without asking for it again; null when none.
   */
  mailedAddress(purpose: MailPurpose): string | null
  /** For the signed-in user, or on /sign/reset-password/confirm with the reset link's code. */
  updatePassword(password: string): Promise<AuthActionResult>
  signInWithOAuth(provider: OAuthProvider, options?: OAuthStartOptions): Promise<OAuthStartResult>
  /** Run on /auth/callback. */
  handleOAuthCallback(): Promise<OAuthCallbackResult>
  /**
   * ACCOUNT_CONFLICT's LINK_ACCOUNTS: goes to /sign/in; the next sign-in of the account owning
   * `email` (within an hour, in any tab) adds `provider` to it and says so. Returns the path.
   */
  linkAccountAfterSignIn(request: AccountLinkRequest): string
  /** Refreshes the token now (single flight with the timer and the API client). */
  refreshSession(): Promise<boolean>
  /** Less than 5 minutes left on the token (or none at all). */
  isTokenExpiring(): boolean
  lastLoginInfo(): LastLoginInfo | null
  /** Signs out and goes to / after 100 ms. A call while one runs does nothing more. */
  logout(): Promise<void>
  /**
   * The server signed this device out (the device service's `evicted`): the `message` saying why
   * as a warning toast (none when null: the person removed this device themselves), a sign-out, and
   * the sign-in page. Nothing while nobody is signed in or a sign-out runs.
   */
  signOutEvicted(message: string | null): Promise<void>
  /** While true, a failed refresh neither signs out nor redirects. */
  setVideoPlaying(playing: boolean): void
  dispose(): void
}

/**
 * A facade: the session (auth-session.ts) holds the signed-in tokens; start-up, the flows, the
 * endings of a session and the profile commands each live in their own module and reach the session
 * only through its operations.
 */
export function createAuthService(deps: AuthServiceDeps): AuthService {
  const { api, platform, clock } = deps
  const store = createStore<AuthState>({ ...initialAuthState })
  const events = createEmitter<AuthEvents>()
  const persistence = createAuthPersistence(platform, clock)
  const profiles = createProfileSync({ api, platform, persistence, store })
  const hooks = new Set<() => Promise<void>>()
  let videoPlaying = false
  const isVideoPlaying = () => videoPlaying || (deps.isVideoPlaying?.() ?? false)
  /** supabase-js set up on first use (start-up's): only a stored session or a command loads auth-js. */
  const supabase = () => startup.supabase()
  /** What every part of the service shares: the ports, the state and the stored session. */
  const shared = { api, platform, clock, supabase, store, events, persistence }
  const expire = () => endings.expireFromTimer()
  const notify = (notice: Notice) => flows.notify(notice)
  const session = createAuthSession({
    ...shared,
    locks: platform.locks,
    broadcast: platform.broadcast,
    serverClock: createServerClock(platform.storage, clock),
    sessionAccess: deps.sessionAccess,
    profiles,
    notify,
    isVideoPlaying,
    expire,
  })
  const mail = { cooldown: createMailCooldown(clock), addresses: createMailedAddresses(platform.storage, clock) }
  const flows = createAuthFlowDeps({ ...shared, session, mail, clientEvents: deps.events })
  const { navigate, fail } = flows
  const startup = createAuthStartup({
    ...shared,
    makeSupabase: deps.supabase,
    session,
    logout: () => endings,
    navigate,
  })
  const endings = createAuthLogout({
    ...shared,
    session,
    notify,
    navigate,
    hooks: () => hooks,
    announceToTabs: (userId, sessionId) => startup.announceSignOut(userId, sessionId),
    start: () => startup.start(),
  })
  const start = () => startup.start()
  // Only /auth/callback runs it: its code is a chunk of its own, loaded when the callback first runs,
  // so no other page fetches it. One handler per service (it knows a callback already handled). A
  // load that fails is the callback's failure.
  let oauthCallback: Promise<() => Promise<OAuthCallbackResult>> | null = null
  const runOAuthCallback = async (): Promise<OAuthCallbackResult> => {
    oauthCallback ??= import('./flows/oauth-callback.ts').then(({ createOAuthCallbackHandler }) =>
      createOAuthCallbackHandler(flows),
    )
    let handle: () => Promise<OAuthCallbackResult>
    try {
      handle = await oauthCallback
    } catch {
      oauthCallback = null
      flows.notify({ kind: 'error', message: messages.oauthProcessingError })
      return flows.fail(messages.oauthProcessingError, 'OAUTH_ERROR')
    }
    return handle()
  }
  /** Commands start the service first if the app has not: the stored session is known before anything changes it. */
  const afterStart =
    <Args extends unknown[], Result>(command: (...args: Args) => Promise<Result>) =>
    async (...args: Args) => {
      await start()
      return command(...args)
    }

  const chunk = authCommandsChunk({
    fail,
    completion: { api, clock, platform, session, profiles, store, events, fail, navigate, notify },
    account: { api, session, profiles, fail },
  })
  const commands = chunk.load
  const lazyCommand = chunk.command

  const apiAuth: ApiAuthPort = {
    getAccessToken: () => session.current()?.accessToken ?? null,
    getUserId: () => session.current()?.user.id ?? null,
    whenInitialized: session.whenInitialized,
    isAuthenticated: () => session.current() !== null,
    refresh: async () => (await session.refresher.refresh()) === 'refreshed',
    logout: () => endings.expireFromApi(),
    isVideoPlaying,
    get logoutInProgress() {
      return endings.signOut.inProgress
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

  const profileCommands = createAuthProfileCommands({ session, profiles, store, navigate: flows.navigate })
  const { account, completion: completionCommands } = chunk
  const addOAuthProvider = lazyCommand((loaded, provider: Provider) => account(loaded).addOAuthProvider(provider))
  const accountLink = createAccountLink({
    storage: platform.storage,
    clock,
    events,
    // With the commands' chunk, which adding the provider needs anyway. A load that fails leaves the
    // link waiting for the next sign-in, and says this one could not link.
    completeAfterSignIn: (email) =>
      void commands().then(
        (loaded) => loaded.completeAccountLink({ storage: platform.storage, clock, addOAuthProvider, notify }, email),
        () => notify({ kind: 'error', message: decisionMessages.accountLinkFailed }),
      ),
    navigate,
  })

  return {
    ...profileCommands,
    updateDisplayName: lazyCommand((loaded, displayName: string) => account(loaded).updateDisplayName(displayName)),
    addOAuthProvider,
    updateLastSignIn: lazyCommand((loaded) => account(loaded).updateLastSignIn()),
    activate: lazyCommand((loaded, email: string, supabaseUserId: string) =>
      account(loaded).activate(email, supabaseUserId),
    ),
    sendPhoneCode: lazyCommand((loaded, phone: string) => completionCommands(loaded).sendPhoneCode(phone)),
    verifyPhoneCode: lazyCommand((loaded, phone: string, code: string) =>
      completionCommands(loaded).verifyPhoneCode(phone, code),
    ),
    completeProfile: lazyCommand((loaded, input: ProfileCompletionInput) =>
      completionCommands(loaded).completeProfile(input),
    ),
    skipProfileCompletion() {
      const target = takeProfileReturnTarget(platform.sessionStorage, platform.location.current().origin)
      navigate(target, { replace: true })
      return target
    },
    store,
    events,
    apiAuth,
    forServices,
    start,
    preload() {
      // What a sign-in page's first command needs: auth-js and the commands' chunk.
      startup.supabase().catch(() => {
        // A load that failed is the failure of the command that needs it.
      })
      commands().catch(() => {})
    },
    signInWithPassword: afterStart(
      lazyCommand((loaded, email: string, password: string) => loaded.signInWithPassword(flows, email, password)),
    ),
    signUp: afterStart(lazyCommand((loaded, input: SignUpInput) => loaded.signUp(flows, input))),
    resendConfirmation: afterStart(lazyCommand((loaded, email: string) => loaded.resendConfirmation(flows, email))),
    requestPasswordReset: afterStart(lazyCommand((loaded, email: string) => loaded.requestPasswordReset(flows, email))),
    mailCooldown: { secondsLeft: mail.cooldown.secondsLeft, subscribe: mail.cooldown.subscribe },
    mailedAddress: (purpose: MailPurpose) => mail.addresses.recall(purpose),
    updatePassword: afterStart(lazyCommand((loaded, password: string) => loaded.updatePassword(flows, password))),
    signInWithOAuth: afterStart(
      lazyCommand((loaded, provider: OAuthProvider, options?: OAuthStartOptions) =>
        loaded.startOAuthSignIn(flows, provider, options),
      ),
    ),
    handleOAuthCallback: afterStart(runOAuthCallback),
    linkAccountAfterSignIn: accountLink.linkAfterSignIn,
    refreshSession: apiAuth.refresh,
    isTokenExpiring: () => !session.current() || isExpiring(session.current()!.expiresAt, clock.now()),
    lastLoginInfo: () => persistence.readLastLogin(),
    logout: () => endings.logout(),
    signOutEvicted: (message: string | null) => endings.evicted(message),
    setVideoPlaying(playing) {
      videoPlaying = playing
    },
    dispose() {
      if (startup.disposed) return
      session.refresher.cancel()
      mail.cooldown.dispose()
      startup.dispose()
      hooks.clear()
      events.all.clear()
      deps.onDispose?.()
    },
  }
}
