import type { Session } from '@supabase/auth-js'
import { sleep } from '../../kernel/clock.ts'
import {
  REFRESH_WORD_WAIT_MS,
  SUPABASE_AUTO_REFRESH_TICK_MS,
  SUPABASE_RETRY_BASE_DELAY_MS,
} from '../../kernel/constants.ts'
import { decodeJwtClaims } from '../../kernel/jwt-claims.ts'
import { lockNames } from '../../kernel/storage-keys.ts'
import { isExpiring, readToken } from '../auth-token.ts'
import type { SupabaseAuth, SupabaseSessionAccess } from '../supabase/supabase-client.ts'
import { isUnavailableError } from '../supabase/supabase-errors.ts'
import type { RefreshAnswer } from '../supabase/supabase-refresh-request.ts'
import type { RefreshOutcome, RefreshTabs, TokenRefresherDeps } from './token-refresh-deps.ts'

/**
 * The refresh itself, run while this tab holds the browser's refresh lock (loaded with the first
 * refresh, off the first paint): it takes the session another tab refreshed to, or waits for it
 * when that tab's mark says there is one, or refreshes. For a supabase-js the core made, the request
 * is sent here attempt by attempt (see sendWithRetries); an app's own client is asked to refresh
 * (`refreshSession({ refresh_token })`) and retries on its own.
 */
export async function refreshHoldingLock(deps: TokenRefresherDeps, tabs: RefreshTabs): Promise<RefreshOutcome> {
  const { clock } = deps
  const before = deps.current()
  if (!before) return 'no-session'
  const newer = (session: Partial<Session> | null) =>
    session?.access_token !== undefined && session.access_token !== before.accessToken
  let auth: SupabaseAuth
  let access: SupabaseSessionAccess | null
  let stored: Session | null
  let refreshToken: string | undefined
  for (;;) {
    stored = null
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
    // Another tab refreshed this session (its mark says so) and neither storage nor the channel
    // shows it yet: both bring it, late. So the channel's word is waited for, with a read of
    // storage every REFRESH_WORD_WAIT_MS, as long as that tab holds its mark: spending the refresh
    // token again would make a second refresh, or end the session. No mark: nobody refreshed.
    if (newer(stored) || newer(tabs.heard) || !(await refreshedElsewhere(deps, before.accessToken))) break
    await wordOrTimeout(deps, tabs)
    if (!deps.current()) return 'no-session'
  }
  if (!refreshToken) return 'no-session'
  // Storage here may not show yet the session another tab's refresh announced.
  if (!newer(stored) && newer(tabs.heard)) stored = tabs.heard as Session
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
  const answer = access
    ? await sendWithRetries(deps, access, refreshToken)
    : await sendThroughSupabase(auth, refreshToken)
  if (typeof answer === 'string') return answer
  // Signed out while the refresh was on the way: the new tokens belong to nobody.
  if (deps.current() === null) return 'no-session'
  deps.serverClock.learn(readToken(answer.session.access_token)?.issuedAt ?? null)
  // Told, and marked, while the lock is still held: a tab granted it next knows of this refresh.
  tabs.channel?.post(answer.session)
  await markRefreshed(deps, tabs, answer.session.access_token)
  await deps.adopt(answer.session)
  return 'refreshed'
}

/**
 * After its refresh, and before it lets the refresh lock go, a tab holds a lock named by the auth
 * session and the new token's exp (neither is a secret) until its next refresh or sign-out. A tab
 * granted the refresh lock next finds it among the held locks, always: the session itself reaches
 * that tab by storage and by the channel, late and in no order with the grant (in Chromium, tabs
 * in separate renderer processes).
 */
async function markRefreshed(deps: TokenRefresherDeps, tabs: RefreshTabs, token: string): Promise<void> {
  tabs.unmark()
  const mark = new AbortController()
  tabs.unmark = () => mark.abort()
  await deps.locks.acquire(markOf(token).join(''), mark.signal)
}

/** Whether another tab holds the mark of a refresh of this auth session past `token`. */
async function refreshedElsewhere(deps: TokenRefresherDeps, token: string): Promise<boolean> {
  const [prefix, expiresAt] = markOf(token)
  return (await deps.locks.held()).some((name) => name.startsWith(prefix) && +name.slice(prefix.length) > expiresAt)
}

/** A mark's name before its exp, and the exp (server seconds) of `token`. */
function markOf(token: string): [prefix: string, expiresAt: number] {
  const claims = decodeJwtClaims(token)
  return [`${lockNames.tokenRefresh} ${claims?.session_id} `, Number(claims?.exp)]
}

/** Resolves when another tab's word arrives over the channel, or after REFRESH_WORD_WAIT_MS. */
function wordOrTimeout({ clock }: TokenRefresherDeps, tabs: RefreshTabs): Promise<void> {
  return new Promise((resolve) => {
    const timeout = clock.setTimeout(() => tabs.wake(), REFRESH_WORD_WAIT_MS)
    tabs.wake = () => {
      clock.clearTimeout(timeout)
      tabs.wake = () => {}
      resolve()
    }
  })
}

/**
 * supabase-js's retry of a failed refresh (spec section 9: from 200 ms, doubling, while the next
 * try still goes out within one 30 s auto-refresh tick of the first), on the client's clock.
 */
async function sendWithRetries(
  { clock, current }: TokenRefresherDeps,
  access: SupabaseSessionAccess,
  refreshToken: string,
): Promise<RefreshAnswer> {
  const startedAt = clock.now()
  for (let attempt = 0; ; attempt++) {
    const answer = await access.refreshOnce(refreshToken)
    if (answer !== 'unavailable') return answer
    const backOff = SUPABASE_RETRY_BASE_DELAY_MS * 2 ** attempt
    if (clock.now() + backOff - startedAt >= SUPABASE_AUTO_REFRESH_TICK_MS) return answer
    await sleep(clock, backOff)
    if (current() === null) return 'no-session'
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
