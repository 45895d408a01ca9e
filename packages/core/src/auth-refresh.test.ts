import type { Session } from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'
import { type ActiveSession, createTokenRefresher } from './auth-refresh.ts'
import { createSimulatedClock } from './simulated-clock.ts'
import type { SupabaseAuth } from './supabase-client.ts'

const MINUTE = 60_000

function jwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '')
  return `${part({ alg: 'HS256' })}.${part(claims)}.sig`
}

/**
 * The refresher's own decisions, with supabase-js's two calls it makes stubbed: what the real
 * supabase-js cannot show cheaply here (it retries a network failure for 30 real seconds first).
 */
function setup(
  answers: (() => { data: { session: Session | null }; error: unknown })[],
  options: { readsStorage?: boolean } = {},
) {
  const clock = createSimulatedClock()
  const tokenFor = (at: number) => jwt({ sub: 'u1', exp: Math.floor((at + 60 * MINUTE) / 1000) })
  let current: ActiveSession | null = {
    accessToken: tokenFor(clock.now()),
    expiresAt: clock.now() + 60 * MINUTE,
    user: { id: 'u1', email: null, provider: null },
  }
  let stored: Session | null = { access_token: current.accessToken, refresh_token: 'r0' } as Session
  const calls: string[] = []
  const log: string[] = []
  const sessionReads: (string | null)[] = []
  const auth = {
    getSession: async () => {
      sessionReads.push(stored?.refresh_token ?? null)
      return { data: { session: stored }, error: null }
    },
    refreshSession: async ({ refresh_token }: { refresh_token: string }) => {
      calls.push(refresh_token)
      const answer = answers.shift()?.() ?? { data: { session: null }, error: { name: 'AuthApiError', status: 400 } }
      if (answer.data.session) stored = answer.data.session
      return answer
    },
  } as unknown as SupabaseAuth
  const fresh = () => ({
    data: { session: { access_token: tokenFor(clock.now()), refresh_token: `r${calls.length}` } as Session },
    error: null,
  })
  let videoPlaying = false
  const refresher = createTokenRefresher({
    clock,
    supabase: async () => auth,
    ...(options.readsStorage
      ? {
          storedTokens: () =>
            stored === null ? null : { accessToken: stored.access_token, refreshToken: stored.refresh_token },
        }
      : {}),
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
    refresher,
    calls,
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

const offline = () => ({ data: { session: null }, error: { name: 'AuthRetryableFetchError', status: 0 } })
const refused = () => ({
  data: { session: null },
  error: { name: 'AuthApiError', status: 400, code: 'refresh_token_not_found' },
})

describe('token refresher', () => {
  it('offline while the token still works: tries again after 30 s instead of signing out', async () => {
    const t = setup([offline, offline])
    t.refresher.schedule(t.clock.now() + 60 * MINUTE)
    await t.clock.tickAsync(50 * MINUTE)
    expect(t.calls).toHaveLength(1)
    expect(t.log).toEqual([])
    await t.clock.tickAsync(30_000)
    expect(t.calls).toHaveLength(2)
    expect(t.log).toEqual([])
  })

  it('offline with an expired token, or refused: the session is over', async () => {
    const late = setup([offline])
    late.refresher.retryLater()
    await late.clock.tickAsync(61 * MINUTE)
    expect(late.log).toEqual(['expire'])

    const t = setup([refused])
    t.refresher.schedule(t.clock.now() + 60 * MINUTE)
    await t.clock.tickAsync(50 * MINUTE)
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

  it('takes the tokens another tab already refreshed instead of spending the refresh token again', async () => {
    const t = setup([])
    await t.clock.tickAsync(20 * MINUTE)
    t.setStored({ access_token: t.tokenFor(t.clock.now()), refresh_token: 'r-other-tab' } as Session)
    expect(await t.refresher.refresh()).toBe('refreshed')
    expect(t.calls).toEqual([])
    expect(t.log).toEqual(['adopt'])
  })

  it('refreshes with the stored refresh token when storage holds the session in use, without loading it first', async () => {
    const answers: Parameters<typeof setup>[0] = []
    const t = setup(answers, { readsStorage: true })
    answers.push(t.fresh)
    t.refresher.schedule(t.clock.now() + 60 * MINUTE)
    await t.clock.tickAsync(50 * MINUTE)
    expect(t.calls).toEqual(['r0'])
    expect(t.sessionReads).toEqual([])
    expect(t.log).toEqual(['adopt'])
  })

  it('asks supabase-js for the session when storage holds other tokens (another tab), and takes them', async () => {
    const t = setup([], { readsStorage: true })
    await t.clock.tickAsync(20 * MINUTE)
    t.setStored({ access_token: t.tokenFor(t.clock.now()), refresh_token: 'r-other-tab' } as Session)
    expect(await t.refresher.refresh()).toBe('refreshed')
    expect(t.sessionReads).toEqual(['r-other-tab'])
    expect(t.calls).toEqual([])
    expect(t.log).toEqual(['adopt'])
  })

  it('has nothing to refresh when storage holds no session', async () => {
    const t = setup([], { readsStorage: true })
    t.setStored(null)
    expect(await t.refresher.refresh()).toBe('no-session')
    expect(t.calls).toEqual([])
    expect(t.sessionReads).toEqual([])
  })
})
