import type { ApiAuthPort } from '@coursekit/core'
import type { MockBackend } from '@coursekit/mock-server'

/**
 * An access token the backend accepts for `account` (a user it need not know), signed directly,
 * without a sign-in round trip. `sessionId` is the Supabase Auth session it belongs to: the backend
 * starts that session for the account (ending one of that id it had), because it accepts only tokens
 * of live sessions; signing out (or another accessToken with that id) ends it.
 */
export async function accessToken(
  backend: MockBackend,
  account: { id: string; email?: string },
  sessionId = `auth-${account.id}`,
): Promise<string> {
  backend.context.authSessions.start(account.id, 'password', sessionId)
  const { token } = await backend.context.tokens.signAccessToken({
    sub: account.id,
    email: account.email ?? `${account.id}@coursekit.test`,
    session_id: sessionId,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: {},
    amr: [],
  })
  return token
}

/**
 * The API client's view of who is signed in, set by hand: a token and a user, or nobody. It counts
 * what the API client asks of it; `onRefresh` decides a refresh (default: fails).
 */
export class TestApiAuth implements ApiAuthPort {
  token: string | null
  userId: string | null
  videoPlaying = false
  logoutInProgress = false
  onRefresh: () => Promise<boolean> = async () => false
  refreshCalls = 0
  logoutCalls = 0

  constructor(token: string | null = null, userId: string | null = null) {
    this.token = token
    this.userId = userId
  }

  getAccessToken() {
    return this.token
  }
  getUserId() {
    return this.userId
  }
  #initialized = true
  #ready: Promise<void> = Promise.resolve()
  #markReady = () => {}

  /** Whether auth has initialised; set false to hold requests needing auth, true to let them go. */
  get initialized(): boolean {
    return this.#initialized
  }
  set initialized(value: boolean) {
    if (value === this.#initialized) return
    this.#initialized = value
    if (value) this.#markReady()
    else
      this.#ready = new Promise<void>((resolve) => {
        this.#markReady = resolve
      })
  }

  whenInitialized() {
    return this.#initialized ? null : this.#ready
  }
  isAuthenticated() {
    return this.token !== null
  }
  isVideoPlaying() {
    return this.videoPlaying
  }
  async refresh() {
    this.refreshCalls++
    return this.onRefresh()
  }
  async logout() {
    this.logoutCalls++
    this.logoutInProgress = true
    await Promise.resolve()
    this.token = null
    this.userId = null
    this.logoutInProgress = false
  }
}
