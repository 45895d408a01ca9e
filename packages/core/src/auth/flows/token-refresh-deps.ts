/**
 * What the token refresher needs and answers: its timer (auth-refresh.ts, on the first load) and its
 * work under the refresh lock (refresh-holding-lock.ts, a chunk of its own) share these.
 */
import type { Session } from '@supabase/auth-js'
import type { Clock } from '../../kernel/clock.ts'
import type { BroadcastPort, LocksPort } from '../../kernel/ports.ts'
import type { AuthUser } from '../auth-store-state.ts'
import type { ServerClock } from '../server-clock.ts'
import type { SupabaseAuth, SupabaseSessionAccess } from '../supabase/supabase-client.ts'

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

/** What one tab's refresher knows of the other tabs' refreshes, and holds for them. */
export interface RefreshTabs {
  /** The channel on which the tabs tell each other their refreshes; null while nobody is signed in. */
  channel: BroadcastPort | null
  /** The latest session another tab's refresh announced: what came over the channel, unchecked. */
  heard: Partial<Session> | null
  /** Ends the wait for another tab's word, when one is waited for. */
  wake(): void
  /** Lets go of the mark of this tab's last refresh (see markRefreshed). */
  unmark(): void
}
