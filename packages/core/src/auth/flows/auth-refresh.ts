import type { Session } from '@supabase/auth-js'
import { type Clock, sleep } from '../../kernel/clock.ts'
import {
  REFRESH_WORD_WAIT_MS,
  SUPABASE_AUTO_REFRESH_TICK_MS,
  SUPABASE_RETRY_BASE_DELAY_MS,
  TOKEN_REFRESH_RETRY_MS,
} from '../../kernel/constants.ts'
import type { BroadcastPort, LocksPort } from '../../kernel/ports.ts'
import { lockNames } from '../../kernel/storage-keys.ts'
import type { AuthUser } from '../auth-store-state.ts'
import { isExpiring, readToken, refreshDelay } from '../auth-token.ts'
import type { ServerClock } from '../server-clock.ts'
import type { SupabaseAuth, SupabaseSessionAccess } from '../supabase/supabase-client.ts'
import { isUnavailableError } from '../supabase/supabase-errors.ts'
import type { RefreshAnswer } from '../supabase/supabase-refresh-request.ts'

/** The session the API client sends: the access token, its expiry on the client's clock, and whose. */
export interface ActiveSession {
  accessToken: string
  expiresAt: number
  user: AuthUser
}

/**
 * - `refreshed`: new tokens are in;
 * - `rejected`: the server refused the refresh token (or the session is gone): the session is over;
 * - `unavailable`: the server could not be reached or failed; nothing was decided;
 * - `no-session`: nobody is signed in, or there is no refresh token to use.
 */
export type RefreshOutcome = 'refreshed' | 'rejected' | 'unavailable' | 'no-session'

export interface TokenRefresherDeps {
  clock: Clock
  supabase: () => Promise<SupabaseAuth>
  /** The session of a supabase-js the core made, reached directly; null for an app's own client. */
  sessionAccess?: () => SupabaseSessionAccess | null
  /** The browser's locks: its tabs refresh one at a time. */
  locks: LocksPort
  /** The browser's channels between tabs: a refresh tells the others its new session. */
  broadcast: (channel: string) => BroadcastPort
  /** Learns how far the client's clock is off from each token the server sends. */
  serverClock: ServerClock
  current: () => ActiveSession | null
  /** Makes the new tokens the session's (saved, in the state, timer re-armed). */
  adopt: (session: Session) => Promise<void>
  /** The timer's refresh failed for good: end the session. */
  expire: () => Promise<void>
  isVideoPlaying: () => boolean
}

export interface TokenRefresher {
  /** Single flight: the timer, the API client's 401 recovery and start-up share one refresh at a time. */
  refresh(): Promise<RefreshOutcome>
  /** Arms the timer 10 minutes before `expiresAt` (spec section 4). */
  schedule(expiresAt: number): void
  /** Arms the timer for another try after TOKEN_REFRESH_RETRY_MS. */
  retryLater(): void
  /** Signed out or disposed: the timer stops, and so does hearing the other tabs' refreshes. */
  cancel(): void
}

/**
 * The refresh of spec section 4 on the client's clock, with the refresh token supabase-js stores;
 * when, whether and how often is decided here. For a supabase-js the core made, the request is sent
 * here attempt by attempt (see sendWithRetries); an app's own client is asked to refresh
 * (`refreshSession({ refresh_token })`) and retries on its own.
 */
export function createTokenRefresher(deps: TokenRefresherDeps): TokenRefresher {
  const { clock } = deps
  let flight: Promise<RefreshOutcome> | null = null
  let timer: unknown = null
  /** The latest session another tab's refresh announced: what came over the channel, unchecked. */
  let heard: Partial<Session> | null = null
  let tabs: BroadcastPort | null = null
  /** Ends the wait for another tab's word (see refreshHoldingLock), when one is waited for. */
  let wake = () => {}

  const stopTimer = () => {
    if (timer !== null) clock.clearTimeout(timer)
    timer = null
  }
  const arm = (delayMs: number) => {
    stopTimer()
    timer = clock.setTimeout(() => {
      timer = null
      void onTimer()
    }, delayMs)
  }

  async function onTimer(): Promise<void> {
    const outcome = await refresh()
    if (outcome === 'refreshed') return
    const session = deps.current()
    if (!session) return
    // Offline for a moment while the token still works: try again rather than sign out. During
    // playback a failed refresh neither signs out nor interrupts (as a 401 does not, section 4).
    const stillValid = session.expiresAt > clock.now()
    if ((outcome === 'unavailable' && stillValid) || deps.isVideoPlaying()) {
      arm(TOKEN_REFRESH_RETRY_MS)
      return
    }
    await deps.expire()
  }

  function refresh(): Promise<RefreshOutcome> {
    if (!flight) {
      flight = run().finally(() => {
        flight = null
      })
    }
    return flight
  }

  /**
   * One refresh per browser: its tabs share the stored session and arm their timers from the same
   * exp, and a refresh token spent twice at once can end the session. So the refresh holds the
   * browser's lock and reads the stored tokens only once it holds it: a tab that waited finds the
   * session another tab refreshed, and takes it.
   */
  async function run(): Promise<RefreshOutcome> {
    if (!deps.current()) return 'no-session'
    const held = new AbortController()
    const waited = !(await deps.locks.acquire(lockNames.tokenRefresh, held.signal, true))
    if (waited) await deps.locks.acquire(lockNames.tokenRefresh, held.signal)
    try {
      return await refreshHoldingLock(waited)
    } finally {
      held.abort()
    }
  }

  /** Resolves when another tab's word arrives over the channel, or after REFRESH_WORD_WAIT_MS. */
  function wordOrTimeout(): Promise<void> {
    return new Promise((resolve) => {
      const timeout = clock.setTimeout(() => wake(), REFRESH_WORD_WAIT_MS)
      wake = () => {
        clock.clearTimeout(timeout)
        wake = () => {}
        resolve()
      }
    })
  }

  async function refreshHoldingLock(waited: boolean): Promise<RefreshOutcome> {
    const before = deps.current()
    if (!before) return 'no-session'
    let auth: SupabaseAuth
    let access: SupabaseSessionAccess | null
    let stored: Session | null = null
    let refreshToken: string | undefined
    try {
      auth = await deps.supabase()
      access = deps.sessionAccess?.() ?? null
      await access?.reloadStored()
      // The usual case: storage holds the session in use, and supabase-js need not load it (a
      // parse and a deep copy of the whole session) only for its refresh token.
      const known = access?.storedTokens()
      if (known === null) return 'no-session'
      if (known?.accessToken === before.accessToken) refreshToken = known.refreshToken
      else {
        stored = (await auth.getSession()).data.session
        refreshToken = stored?.refresh_token
      }
    } catch (error) {
      return isUnavailableError(error) ? 'unavailable' : 'no-session'
    }
    if (!refreshToken) return 'no-session'
    // Granted the lock after another tab held it, and neither storage nor the channel tells of a
    // refresh: that tab may have refreshed all the same, since its word can arrive after the lock's
    // grant (they come by separate paths). Its word is waited for, a bounded time, before a second
    // refresh spends the refresh token again.
    const newer = (session: Partial<Session> | null) =>
      session?.access_token !== undefined && session.access_token !== before.accessToken
    if (waited && !newer(stored) && !newer(heard)) {
      await wordOrTimeout()
      if (!deps.current()) return 'no-session'
    }
    // Storage here may not show yet the session another tab's refresh announced.
    if (!newer(stored) && newer(heard)) stored = heard as Session
    // Another tab sharing this storage may have refreshed already: take its tokens rather than
    // spend the refresh token a second time.
    if (stored && newer(stored)) {
      const facts = readToken(stored.access_token)
      const fresh = facts !== null && !isExpiring(deps.serverClock.toClient(facts.expiresAt), clock.now())
      if (fresh && facts.userId === before.user.id) {
        await deps.adopt(stored)
        return 'refreshed'
      }
    }
    const answer = access ? await sendWithRetries(access, refreshToken) : await sendThroughSupabase(auth, refreshToken)
    if (typeof answer === 'string') return answer
    // Signed out while the refresh was on the way: the new tokens belong to nobody.
    if (deps.current() === null) return 'no-session'
    deps.serverClock.learn(readToken(answer.session.access_token)?.issuedAt ?? null)
    // Told while the lock is still held, so a tab granted it next has heard, or soon hears, it.
    tabs?.post(answer.session)
    await deps.adopt(answer.session)
    return 'refreshed'
  }

  /**
   * supabase-js's retry of a failed refresh (spec section 9: from 200 ms, doubling, while the next
   * try still goes out within one 30 s auto-refresh tick of the first), on the client's clock.
   */
  async function sendWithRetries(access: SupabaseSessionAccess, refreshToken: string): Promise<RefreshAnswer> {
    const startedAt = clock.now()
    for (let attempt = 0; ; attempt++) {
      const answer = await access.refreshOnce(refreshToken)
      if (answer !== 'unavailable') return answer
      const backOff = SUPABASE_RETRY_BASE_DELAY_MS * 2 ** attempt
      if (clock.now() + backOff - startedAt >= SUPABASE_AUTO_REFRESH_TICK_MS) return answer
      await sleep(clock, backOff)
      if (deps.current() === null) return 'no-session'
    }
  }

  return {
    refresh,
    schedule(expiresAt) {
      // The tabs of one browser tell each other each refresh's new session: storage alone is not
      // enough, since with tabs in separate renderer processes a write to local storage reaches the
      // other tabs late, on another path than the lock's grant, and a tab granted the lock could
      // still read the spent tokens. Heard from when this tab has a session to keep fresh.
      if (!tabs) {
        tabs = deps.broadcast(lockNames.tokenRefresh)
        tabs.subscribe((message) => {
          heard = message as Partial<Session> | null
          wake()
        })
      }
      arm(refreshDelay(expiresAt, clock.now()))
    },
    retryLater: () => arm(TOKEN_REFRESH_RETRY_MS),
    cancel() {
      stopTimer()
      tabs?.close()
      tabs = null
    },
  }
}

async function sendThroughSupabase(auth: SupabaseAuth, refreshToken: string): Promise<RefreshAnswer> {
  try {
    const { data, error } = await auth.refreshSession({ refresh_token: refreshToken })
    if (error) return isUnavailableError(error) ? 'unavailable' : 'rejected'
    return data.session ? { session: data.session } : 'rejected'
  } catch (error) {
    return isUnavailableError(error) ? 'unavailable' : 'rejected'
  }
}
