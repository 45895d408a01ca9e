import type { Session } from '@supabase/auth-js'
import { TOKEN_REFRESH_RETRY_MS } from '../../kernel/constants.ts'
import { lockNames } from '../../kernel/storage-keys.ts'
import { refreshDelay } from '../auth-token.ts'
import type { RefreshOutcome, RefreshTabs, TokenRefresherDeps } from './token-refresh-deps.ts'

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
 * The refresh of spec section 4 on the client's clock, with the refresh token supabase-js stores:
 * when, and how often, is decided here; whether, and how, by refreshHoldingLock (a chunk of its
 * own, loaded with the first refresh).
 */
export function createTokenRefresher(deps: TokenRefresherDeps): TokenRefresher {
  const { clock } = deps
  let flight: Promise<RefreshOutcome> | null = null
  let timer: unknown = null
  const tabs: RefreshTabs = { channel: null, heard: null, wake() {}, unmark() {} }

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
   * session another tab refreshed, and takes it. A refresh's code that fails to load is a refresh
   * that could not go, as one without a network.
   */
  async function run(): Promise<RefreshOutcome> {
    if (!deps.current()) return 'no-session'
    let work: typeof import('./refresh-holding-lock.ts')
    try {
      work = await import('./refresh-holding-lock.ts')
    } catch {
      return 'unavailable'
    }
    const held = new AbortController()
    await deps.locks.acquire(lockNames.tokenRefresh, held.signal)
    try {
      return await work.refreshHoldingLock(deps, tabs)
    } finally {
      held.abort()
    }
  }

  return {
    refresh,
    schedule(expiresAt) {
      // The tabs of one browser tell each other each refresh's new session: storage alone is not
      // enough, since with tabs in separate renderer processes a write to local storage reaches the
      // other tabs late, on another path than the lock's grant, and a tab granted the lock could
      // still read the spent tokens. Heard from when this tab has a session to keep fresh.
      if (!tabs.channel) {
        tabs.channel = deps.broadcast(lockNames.tokenRefresh)
        tabs.channel.subscribe((message) => {
          tabs.heard = message as Partial<Session> | null
          tabs.wake()
        })
      }
      arm(refreshDelay(expiresAt, clock.now()))
    },
    retryLater: () => arm(TOKEN_REFRESH_RETRY_MS),
    cancel() {
      stopTimer()
      tabs.unmark()
      tabs.channel?.close()
      tabs.channel = null
    },
  }
}
