import type { Clock } from '../kernel/clock.ts'
import type { Platform } from '../kernel/ports.ts'
import { broadcastChannels } from '../kernel/storage-keys.ts'
import { type CrossTabSignOut, crossTabSignOut } from './auth-cross-tab.ts'
import type { AuthFlowDeps } from './auth-flow-deps.ts'
import type { AuthPersistence } from './auth-persistence.ts'
import type { AuthSession } from './auth-session.ts'
import type { AuthLogout } from './flows/auth-logout.ts'
import { restoreSession } from './flows/auth-restore.ts'
import type { SupabaseAuth } from './supabase/supabase-client.ts'

export interface AuthStartupDeps {
  clock: Clock
  platform: Platform
  persistence: AuthPersistence
  /** Makes supabase-js's auth client (loading auth-js); called at most once, through `supabase()`. */
  makeSupabase: () => Promise<SupabaseAuth>
  session: AuthSession
  /** Late-bound: the logout needs start() too. */
  logout: () => AuthLogout
  navigate: AuthFlowDeps['navigate']
}

/**
 * The service's start-up, once: listen to the other tabs, then restore the stored session. It also
 * owns supabase-js's set-up (listening to its own refreshes, its initialisation), done when something
 * first needs it: a stored session's restore, or a command. A visitor with nothing stored never
 * loads auth-js until they sign in. It owns what those subscriptions need to stop at dispose.
 */
export interface AuthStartup {
  /** Idempotent; resolves when the stored session is restored (or found absent). */
  start(): Promise<void>
  /** supabase-js's auth client, set up: what every part of the service uses. */
  supabase(): Promise<SupabaseAuth>
  /** Tells the other tabs this one signed `userId` out (once started). */
  announceSignOut(userId: string | null, sessionId: unknown): void
  readonly disposed: boolean
  dispose(): void
}

export function createAuthStartup(deps: AuthStartupDeps): AuthStartup {
  const { session } = deps
  const cleanups: (() => void)[] = []
  let started: Promise<void> | null = null
  let disposed = false
  let tabs: CrossTabSignOut | null = null

  let attached: Promise<SupabaseAuth> | null = null
  const supabase = (): Promise<SupabaseAuth> => {
    attached ??= deps.makeSupabase().then(async (auth) => {
      if (disposed) return auth
      const { data } = auth.onAuthStateChange((event, next) => {
        // supabase-js refreshed by itself (its timer on the system clock): keep its tokens.
        if (event === 'TOKEN_REFRESHED' && next) void session.adopt(next)
      })
      cleanups.push(() => data.subscription.unsubscribe())
      try {
        await auth.initialize()
      } catch {
        // Its stored session could not be recovered: the restore and the commands find none to use.
      }
      return auth
    })
    return attached
  }

  const restore = () =>
    restoreSession({
      clock: deps.clock,
      persistence: deps.persistence,
      serverClock: session.serverClock,
      supabase,
      refresher: session.refresher,
      begin: (active) => session.begin(active),
      current: () => session.current(),
      markInitialized: () => session.markInitialized(),
      signedOut: () => session.settleSignedOut(),
      clearInvalid: () => session.clearInvalid(),
      expire: (userId) => deps.logout().expireAtRestore(userId),
      commit: (active) => session.commit(active, { method: null, restored: true }),
      navigate: (to) => deps.navigate(to),
    })

  return {
    start() {
      if (!started) {
        started = (async () => {
          tabs = crossTabSignOut(deps.platform.broadcast(broadcastChannels.auth), (userId, sessionId) => {
            void deps.logout().signedOutElsewhere(userId, sessionId)
          })
          await restore()
        })().catch(() => {
          session.settleSignedOut()
        })
      }
      return started
    },
    supabase,
    announceSignOut(userId, sessionId) {
      tabs?.announce(userId, sessionId)
    },
    get disposed() {
      return disposed
    },
    dispose() {
      disposed = true
      for (const cleanup of cleanups.splice(0)) cleanup()
      tabs?.close()
      tabs = null
    },
  }
}
