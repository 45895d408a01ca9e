import type { Session } from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'
import { lockNames } from '../../kernel/storage-keys.ts'
import { MINUTE } from '../../kernel/time-units.ts'
import { createMemoryBroadcast } from '../../platform/memory-broadcast.ts'
import { createMemoryLocks } from '../../platform/memory-locks.ts'
import { createMemoryStorage } from '../../platform/memory-storage.ts'
import { createSimulatedClock } from '../../testing/index.ts'
import { createServerClock } from '../server-clock.ts'
import type { SupabaseAuth } from '../supabase/supabase-client.ts'
import type { RefreshAnswer } from '../supabase/supabase-refresh-request.ts'
import { createTokenRefresher } from './auth-refresh.ts'
// The refresh's own chunk, loaded with the file: its first load would race the clock's steps.
import './refresh-holding-lock.ts'
import type { ActiveSession } from './token-refresh-deps.ts'

function jwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '')
  return `${part({ alg: 'HS256' })}.${part(claims)}.sig`
}

interface SetupOptions {
  /**
   * How the refresher reaches the session: `storage` reads the stored tokens and sends the refresh
   * itself (a supabase-js the core made, on a simulated clock); `supabase-js` sends it itself but
   * loads the session from supabase-js (the system clock, where the stored expiry is not hidden);
   * `app-client` asks supabase-js to refresh (an app's own client).
   */
  access?: 'storage' | 'supabase-js' | 'app-client'
  /** The answer once `answers` are used up. Default: refused. */
  otherwise?: () => RefreshAnswer
}

/** The refresher's own decisions, with the requests it sends and supabase-js's calls it makes stubbed. */
function setup(answers: (() => RefreshAnswer)[], options: SetupOptions = {}) {
  const { access = 'storage', otherwise = refused } = options
  const clock = createSimulatedClock()
  const tokenFor = (at: number) => jwt({ sub: 'u1', exp: Math.floor((at + 60 * MINUTE) / 1000) })
  let current: ActiveSession | null = {
    accessToken: tokenFor(clock.now()),
    expiresAt: clock.now() + 60 * MINUTE,
    user: { id: 'u1', email: null, provider: null },
  }
  let stored: Session | null = { access_token: current.accessToken, refresh_token: 'r0' } as Session
  const calls: string[] = []
  /** When each refresh request went out. */
  const sentAt: number[] = []
  const log: string[] = []
  const sessionReads: (string | null)[] = []
  const send = (refreshToken: string): RefreshAnswer => {
    calls.push(refreshToken)
    sentAt.push(clock.now())
    const answer = (answers.shift() ?? otherwise)()
    if (typeof answer !== 'string') stored = answer.session
    return answer
  }
  const auth = {
    getSession: async () => {
      sessionReads.push(stored?.refresh_token ?? null)
      return { data: { session: stored }, error: null }
    },
    refreshSession: async ({ refresh_token }: { refresh_token: string }) => {
      const answer = send(refresh_token)
      if (answer === 'unavailable') return { data: { session: null }, error: { name: 'AuthRetryableFetchError' } }
      if (answer === 'rejected') return { data: { session: null }, error: { name: 'AuthApiError', status: 400 } }
      return { data: answer, error: null }
    },
  } as unknown as SupabaseAuth
  const fresh = (): RefreshAnswer => ({
    session: { access_token: tokenFor(clock.now()), refresh_token: `r${calls.length}` } as Session,
  })
  let videoPlaying = false
  const locks = createMemoryLocks()
  const refresher = createTokenRefresher({
    clock,
    supabase: async () => auth,
    sessionAccess:
      access === 'app-client'
        ? () => null
        : () => ({
            reloadStored: async () => {},
            storedSessionId: () => undefined,
            forgetStored: () => {},
            storedTokens: () => {
              if (access === 'supabase-js') return undefined
              return stored === null ? null : { accessToken: stored.access_token, refreshToken: stored.refresh_token }
            },
            refreshOnce: async (refreshToken) => send(refreshToken),
          }),
    locks,
    broadcast: createMemoryBroadcast(),
    serverClock: createServerClock(createMemoryStorage(), clock),
    current: () => current,
    adopt: async (session) => {
      log.push('adopt')
      current = { ...current!, accessToken: session.access_token, expiresAt: clock.now() + 60 * MINUTE }
      refresher.schedule(current.expiresAt)
    },
    expire: async () => {
      log.push('expire')
      current = null
    },
    isVideoPlaying: () => videoPlaying,
  })
  return {
    clock,
    locks,
    refresher,
    calls,
    sentAt,
    log,
    sessionReads,
    fresh,
    setStored: (session: Session | null) => {
      stored = session
    },
    tokenFor,
    setVideo: (on: boolean) => {
      videoPlaying = on
    },
    signOut: () => {
      current = null
    },
  }
}

const offline = (): RefreshAnswer => 'unavailable'
const refused = (): RefreshAnswer => 'rejected'
/** supabase-js's back-off (spec section 9) from the first try: 200 ms doubling while within 30 s. */
const BACK_OFF = [0, 200, 600, 1_400, 3_000, 6_200, 12_600, 25_400]

describe('token refresher', () => {
  it('offline while the token still works: retries on the clock, then again 30 s later, instead of signing out', async () => {
    const t = setup([], { otherwise: offline })
    t.refresher.schedule(t.clock.now() + 60 * MINUTE)
    await t.clock.tickAsync(50 * MINUTE)
    const first = t.clock.now()
    await t.clock.tickAsync(55_400)
    expect(t.sentAt.map((at) => at - first)).toEqual([...BACK_OFF, 55_400])
    expect(t.log).toEqual([])
  })

  it('stops retrying when signed out during the back-off', async () => {
    const t = setup([], { otherwise: offline })
    const outcome = t.refresher.refresh()
    await t.clock.tickAsync(1_000)
    expect(t.calls).toHaveLength(3)
    t.signOut()
    await t.clock.tickAsync(MINUTE)
    expect(await outcome).toBe('no-session')
    expect(t.calls).toHaveLength(3)
  })

  it('offline with an expired token, or refused: the session is over', async () => {
    const late = setup([], { otherwise: offline })
    late.refresher.retryLater()
    await late.clock.tickAsync(61 * MINUTE)
    expect(late.log).toEqual(['expire'])

    const t = setup([refused])
    t.refresher.schedule(t.clock.now() + 60 * MINUTE)
    await t.clock.tickAsync(50 * MINUTE)
    expect(t.calls).toHaveLength(1)
    expect(t.log).toEqual(['expire'])
  })

  it('during playback a refused refresh waits for the next try', async () => {
    const t = setup([refused, () => t.fresh()])
    t.setVideo(true)
    t.refresher.schedule(t.clock.now() + 60 * MINUTE)
    await t.clock.tickAsync(50 * MINUTE)
    expect(t.log).toEqual([])
    await t.clock.tickAsync(30_000)
    expect(t.log).toEqual(['adopt'])
  })

  it('one flight for concurrent callers; nobody signed in: no-session', async () => {
    const t = setup([() => t.fresh()])
    const outcomes = await Promise.all([t.refresher.refresh(), t.refresher.refresh(), t.refresher.refresh()])
    expect(outcomes).toEqual(['refreshed', 'refreshed', 'refreshed'])
    expect(t.calls).toEqual(['r0'])
    t.signOut()
    expect(await t.refresher.refresh()).toBe('no-session')
    expect(t.calls).toEqual(['r0'])
  })

  it('waits for the browser’s refresh lock, then reads the stored tokens', async () => {
    const t = setup([])
    const other = new AbortController()
    await t.locks.acquire(lockNames.tokenRefresh, other.signal)
    const outcome = t.refresher.refresh()
    await t.clock.tickAsync(MINUTE)
    expect(t.calls).toEqual([])
    // Meanwhile the tab holding the lock refreshed.
    t.setStored({ access_token: t.tokenFor(t.clock.now()), refresh_token: 'r-other-tab' } as Session)
    other.abort()
    expect(await outcome).toBe('refreshed')
    expect(t.calls).toEqual([])
    expect(t.log).toEqual(['adopt'])
  })

  it('takes the tokens another tab already refreshed instead of spending the refresh token again', async () => {
    const t = setup([], { access: 'supabase-js' })
    await t.clock.tickAsync(20 * MINUTE)
    t.setStored({ access_token: t.tokenFor(t.clock.now()), refresh_token: 'r-other-tab' } as Session)
    expect(await t.refresher.refresh()).toBe('refreshed')
    expect(t.calls).toEqual([])
    expect(t.log).toEqual(['adopt'])
  })

  it('refreshes with the stored refresh token when storage holds the session in use, without loading it first', async () => {
    const answers: Parameters<typeof setup>[0] = []
    const t = setup(answers)
    answers.push(t.fresh)
    t.refresher.schedule(t.clock.now() + 60 * MINUTE)
    await t.clock.tickAsync(50 * MINUTE)
    expect(t.calls).toEqual(['r0'])
    expect(t.sessionReads).toEqual([])
    expect(t.log).toEqual(['adopt'])
  })

  it('asks supabase-js for the session when storage holds other tokens (another tab), and takes them', async () => {
    const t = setup([])
    await t.clock.tickAsync(20 * MINUTE)
    t.setStored({ access_token: t.tokenFor(t.clock.now()), refresh_token: 'r-other-tab' } as Session)
    expect(await t.refresher.refresh()).toBe('refreshed')
    expect(t.sessionReads).toEqual(['r-other-tab'])
    expect(t.calls).toEqual([])
    expect(t.log).toEqual(['adopt'])
  })

  it('has nothing to refresh when storage holds no session', async () => {
    const t = setup([])
    t.setStored(null)
    expect(await t.refresher.refresh()).toBe('no-session')
    expect(t.calls).toEqual([])
    expect(t.sessionReads).toEqual([])
  })

  it('asks an app’s own supabase-js to refresh, once a try (it retries by itself)', async () => {
    const answers: Parameters<typeof setup>[0] = []
    const t = setup(answers, { access: 'app-client' })
    answers.push(offline, t.fresh)
    expect(await t.refresher.refresh()).toBe('unavailable')
    expect(await t.refresher.refresh()).toBe('refreshed')
    expect(t.calls).toEqual(['r0', 'r0'])
    expect(t.log).toEqual(['adopt'])
  })
})
