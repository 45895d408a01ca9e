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
  supabase: () => Promise<SupabaseAuth>
  session: AuthSession
  /** Late-bound: the logout needs start() too. */
  logout: () => AuthLogout
  navigate: AuthFlowDeps['navigate']
}

/**
 * The service's start-up, once: listen to the other tabs and to supabase-js's own refreshes, then
 * restore the stored session. It also owns what those subscriptions need to stop at dispose.
 */
export interface AuthStartup {
  /** Idempotent; resolves when the stored session is restored (or found absent). */
  start(): Promise<void>
  /** Tells the other tabs this one signed `userId` out (once started). */
  announceSignOut(userId: string | null): void
  readonly disposed: boolean
  dispose(): void
}

export function createAuthStartup(deps: AuthStartupDeps): AuthStartup {
  const { session } = deps
  const cleanups: (() => void)[] = []
  let started: Promise<void> | null = null
  let disposed = false
  let tabs: CrossTabSignOut | null = null

  const restore = () =>
    restoreSession({
      clock: deps.clock,
      persistence: deps.persistence,
      serverClock: session.serverClock,
      supabase: deps.supabase,
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
          tabs = crossTabSignOut(deps.platform.broadcast(broadcastChannels.auth), (userId) => {
            void deps.logout().signedOutElsewhere(userId)
          })
          try {
            const auth = await deps.supabase()
            if (disposed) return
            const { data } = auth.onAuthStateChange((event, next) => {
              // supabase-js refreshed by itself (its timer on the system clock): keep its tokens.
              if (event === 'TOKEN_REFRESHED' && next) void session.adopt(next)
            })
            cleanups.push(() => data.subscription.unsubscribe())
            await auth.initialize()
          } catch {
            // supabase-js could not be loaded or set up: restore() below finds no session to use.
          }
          await restore()
        })().catch(() => {
          session.settleSignedOut()
        })
      }
      return started
    },
    announceSignOut(userId) {
      tabs?.announce(userId)
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
