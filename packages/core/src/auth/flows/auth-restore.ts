import type { Session } from '@supabase/auth-js'
import type { Clock } from '../../kernel/clock.ts'
import type { AuthPersistence } from '../auth-persistence.ts'
import { isExpiring, readToken } from '../auth-token.ts'
import type { ServerClock } from '../server-clock.ts'
import type { SupabaseAuth } from '../supabase/supabase-client.ts'
import { isUnavailableError } from '../supabase/supabase-errors.ts'
import { providerOfUser } from '../supabase/supabase-user.ts'
import type { TokenRefresher } from './auth-refresh.ts'
import type { ActiveSession, RefreshOutcome } from './token-refresh-deps.ts'

export interface RestoreDeps {
  clock: Clock
  persistence: AuthPersistence
  serverClock: Pick<ServerClock, 'toClient'>
  supabase: () => Promise<SupabaseAuth>
  refresher: Pick<TokenRefresher, 'refresh' | 'retryLater'>
  /** The session requests carry from now on (the refresh and the profile read need it). */
  begin(session: ActiveSession): void
  current(): ActiveSession | null
  /** Requests waiting for auth initialisation may go. */
  markInitialized(): void
  /** Nobody is signed in (nothing stored, or a half-done logout finished). */
  signedOut(): void
  /** Spec section 8: a failed token check clears the auth state. */
  clearInvalid(): Promise<void>
  /** Spec section 8: a failed refresh logs out. */
  expire(userId: string): Promise<void>
  /**
   * Makes the session the signed-in one (profile, state, events, timer); the completion page, if due.
   * Null when the session ended meanwhile (the profile read's 401 could not be refreshed).
   */
  commit(session: ActiveSession): Promise<{ redirectTo: string | null } | null>
  navigate(to: string): void
}

/**
 * Start-up (spec section 4): read the stored token; an expiring one (under 5 minutes left) is
 * refreshed, any other is checked with the auth server; then the session is restored. Offline
 * with an expiring token, the token is kept while it lasts and the refresh tried again soon.
 */
export async function restoreSession(deps: RestoreDeps): Promise<void> {
  const { persistence, clock } = deps
  if (persistence.logoutFlagSet()) {
    // A logout was under way when the page went away: finish it.
    await deps.clearInvalid()
    persistence.setLogoutFlag(false)
    return
  }
  const stored = await persistence.readToken()
  if (!stored) return deps.signedOut()
  const storedFacts = readToken(stored)
  if (!storedFacts) return deps.clearInvalid()

  let auth: SupabaseAuth | null = null
  let kept: Session | null = null
  try {
    auth = await deps.supabase()
    kept = (await auth.getSession()).data.session
  } catch {
    kept = null
  }
  // supabase-js may hold a newer token of the same user (it refreshed after the last save).
  const keptFacts = kept ? readToken(kept.access_token) : null
  const newer = kept !== null && keptFacts?.userId === storedFacts.userId && keptFacts.expiresAt > storedFacts.expiresAt
  const token = newer ? kept!.access_token : stored
  const facts = newer ? keptFacts! : storedFacts
  const keptUser = kept?.user.id === facts.userId ? kept.user : null
  const expiresAt = deps.serverClock.toClient(facts.expiresAt)
  deps.begin({
    accessToken: token,
    expiresAt,
    user: {
      id: facts.userId,
      email: facts.email ?? keptUser?.email ?? null,
      provider: keptUser ? providerOfUser(keptUser) : null,
    },
  })

  let outcome: RefreshOutcome | 'checked' = 'checked'
  if (isExpiring(expiresAt, clock.now())) {
    outcome = await deps.refresher.refresh()
    if (outcome === 'rejected' || outcome === 'no-session') {
      deps.markInitialized()
      return deps.expire(facts.userId)
    }
  } else if (auth) {
    try {
      const { error } = await auth.getUser(token)
      if (error && !isUnavailableError(error)) return deps.clearInvalid()
    } catch (error) {
      if (!isUnavailableError(error)) return deps.clearInvalid()
    }
  }
  // The token is decided: requests that waited for auth may go (the profile read is one).
  deps.markInitialized()
  const committed = await deps.commit(deps.current()!)
  if (committed === null) return
  if (outcome === 'unavailable') deps.refresher.retryLater()
  if (committed.redirectTo) deps.navigate(committed.redirectTo)
}
