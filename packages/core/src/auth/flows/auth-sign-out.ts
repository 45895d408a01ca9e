import type { ApiClient } from '../../api/api-client-types.ts'
import { type Clock, sleep } from '../../kernel/clock.ts'
import { SIGN_OUT_HOOKS_TIMEOUT_MS } from '../../kernel/constants.ts'
import type { Platform } from '../../kernel/ports.ts'
import type { SignOutReason } from '../auth-events.ts'
import type { AuthPersistence } from '../auth-persistence.ts'

export interface SignOutDeps {
  clock: Clock
  platform: Platform
  api: ApiClient
  persistence: AuthPersistence
  /** Who is signed in now, and whether a bearer token is there to send. */
  currentUserId: () => string | null
  hasToken: () => boolean
  /** Stops the refresh timer. */
  stopRefresh: () => void
  /** `signingOut` event: the device service ends its session on it. */
  announceStart: (userId: string | null, reason: SignOutReason) => void
  /** Work registered with onBeforeSignOut. */
  hooks: () => Iterable<() => Promise<void>>
  /** supabase-js's sign-out on this device; answers the auth session it ended (see AuthSession.dropSupabaseSession). */
  dropSupabaseSession: (endedElsewhere: unknown) => Promise<unknown>
  /** Token, keys, cookies and state cleared; `signedOut` emitted. */
  endLocally: (reason: SignOutReason) => Promise<void>
  /** Tells the other tabs. */
  announceToTabs: (userId: string | null, sessionId: unknown) => void
}

export interface SignOutOptions {
  reason: SignOutReason
  /**
   * Another tab already signed out: only this tab's state goes (no hooks, no server calls but
   * supabase-js's local sign-out of a session other than `endedElsewhere`, no message back).
   */
  remote?: boolean
  /** The auth session the other tab ended on the server (remote only). */
  endedElsewhere?: unknown
}

export interface SignOut {
  /** A call while one runs gets the running one: nothing is done twice. */
  run(options: SignOutOptions): Promise<void>
  readonly inProgress: boolean
}

/**
 * The logout sequence of spec section 4 and the issue, in order: the logout-in-progress flag (in
 * memory and session storage), push unsubscribe, the `signingOut` event and the onBeforeSignOut
 * hooks (awaited, at most SIGN_OUT_HOOKS_TIMEOUT_MS on the client's clock, while the token still
 * works), POST /api/v2/auth/logout with the bearer, supabase-js's sign-out, then keys, cookies and
 * state cleared and the other tabs told. Navigation is the caller's.
 */
export function createSignOut(deps: SignOutDeps): SignOut {
  let flight: Promise<void> | null = null

  async function runHooks(): Promise<void> {
    const hooks = [...deps.hooks()]
    if (hooks.length === 0) return
    const bound = new AbortController()
    const all = Promise.allSettled(hooks.map((hook) => Promise.resolve().then(hook)))
    await Promise.race([all, sleep(deps.clock, SIGN_OUT_HOOKS_TIMEOUT_MS, bound.signal).catch(() => {})])
    bound.abort()
  }

  async function sequence({ reason, remote = false, endedElsewhere }: SignOutOptions): Promise<void> {
    deps.persistence.setLogoutFlag(true)
    const userId = deps.currentUserId()
    try {
      deps.stopRefresh()
      if (!remote) {
        try {
          await deps.platform.push.unsubscribe()
        } catch {
          // Push is best effort; sign-out goes on.
        }
        deps.announceStart(userId, reason)
        await runHooks()
        // The API client returns failures as values; an expired token's 401 changes nothing here
        // because a logout is in progress.
        if (deps.hasToken()) await deps.api.call('logout', {}, { notify: false })
      }
      const ended = await deps.dropSupabaseSession(remote && endedElsewhere)
      await deps.endLocally(reason)
      if (!remote) deps.announceToTabs(userId, ended)
    } finally {
      deps.persistence.setLogoutFlag(false)
    }
  }

  return {
    run(options) {
      if (!flight) {
        flight = sequence(options).finally(() => {
          flight = null
        })
      }
      return flight
    },
    get inProgress() {
      return flight !== null
    },
  }
}
