import { DEMO_PASSWORD, demoAccounts } from '@coursekit/mock-server'
import { createWorld, type World } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import { APP_ORIGIN, type AuthPage, type AuthPageOptions, authPage, HOUR, MINUTE, reload } from './auth-test-page.ts'

const { learner } = demoAccounts

async function signedIn(world: World, options: AuthPageOptions = {}): Promise<AuthPage> {
  const h = authPage(world, options)
  await h.auth.start()
  const result = await h.auth.signInWithPassword(learner.email, DEMO_PASSWORD)
  expect(result.status).toBe('signed-in')
  return h
}

const tokenRequests = (h: AuthPage) => h.requests.filter((request) => request === 'POST /auth/v1/token').length
const types = (h: AuthPage) => h.authEvents.map((event) => event.type)

describe('start-up', () => {
  it('is loading until start() has read the stored session; with none, unauthenticated', async () => {
    const h = authPage(await createWorld())
    expect(h.auth.store.getState()).toMatchObject({ status: 'loading', isLoading: true })
    expect(h.auth.apiAuth.whenInitialized()).toBeInstanceOf(Promise)
    await h.auth.start()
    expect(h.auth.store.getState()).toMatchObject({ status: 'unauthenticated', isLoading: false, user: null })
    expect(h.auth.apiAuth.whenInitialized()).toBeNull()
  })

  it('restores a valid stored token after checking it, and arms the refresh 10 minutes before expiry', async () => {
    const first = await signedIn(await createWorld())
    await first.advance(20 * MINUTE)
    const h = reload(first)
    await h.auth.start()
    expect(h.requests).toEqual(['GET /auth/v1/user', `GET /api/users/${learner.id}`])
    expect(h.auth.store.getState()).toMatchObject({
      status: 'authenticated',
      user: { id: learner.id, email: learner.email },
      profile: { hasProfile: true },
    })
    expect(h.authEvents.find((event) => event.type === 'signedIn')?.payload).toMatchObject({
      restored: true,
      method: null,
    })
    // The token was issued 20 minutes ago and lives an hour: the timer is due in 30 minutes.
    await h.advance(30 * MINUTE - 1_000, MINUTE / 2)
    expect(tokenRequests(h)).toBe(0)
    await h.advance(1_000, 1_000)
    expect(tokenRequests(h)).toBe(1)
    expect(types(h)).toContain('tokenRefreshed')
  })

  it('refreshes an expired stored token at once', async () => {
    const first = await signedIn(await createWorld())
    first.client.dispose()
    await first.clock.tickAsync(2 * HOUR)
    const h = reload(first)
    await h.auth.start()
    expect(h.requests[0]).toBe('POST /auth/v1/token')
    const state = h.auth.store.getState()
    expect(state).toMatchObject({ status: 'authenticated', user: { id: learner.id } })
    expect(state.expiry).toBe(h.clock.now() + HOUR)
    expect(h.platform.storage.get('auth_token')).toBe(state.token)
    expect((await h.client.api.currentUser()).ok).toBe(true)
  })

  it('refreshes a token with under 5 minutes left, and not one with 5 minutes left', async () => {
    const first = await signedIn(await createWorld())
    first.client.dispose()
    await first.clock.tickAsync(55 * MINUTE)
    const atFive = reload(first)
    await atFive.auth.start()
    expect(tokenRequests(atFive)).toBe(0)
    atFive.client.dispose()
    await first.clock.tickAsync(1)
    const underFive = reload(atFive)
    await underFive.auth.start()
    expect(tokenRequests(underFive)).toBe(1)
  })

  it('clears the auth state when the stored token fails its check', async () => {
    const first = await signedIn(await createWorld())
    first.backend.context.authSessions.signOut(learner.id, null, 'global')
    const h = reload(first)
    await h.auth.start()
    expect(h.auth.store.getState()).toMatchObject({ status: 'unauthenticated', user: null, token: null })
    expect(h.platform.storage.get('auth_token')).toBeNull()
    expect(h.platform.cookieJar.has('auth_token')).toBe(false)
    expect(h.platform.cookieJar.has('user_role_info')).toBe(false)
    expect(h.platform.storage.get('auth_profile')).toBeNull()
    expect(h.platform.storage.get('coursekit.supabase.auth')).toBeNull()
    expect(h.requests).not.toContain(`GET /api/users/${learner.id}`)
  })

  it('clears a stored token that is not a JWT', async () => {
    const h = authPage(await createWorld(), { storage: { auth_token: 'garbage' } })
    await h.auth.start()
    expect(h.auth.store.getState().status).toBe('unauthenticated')
    expect(h.platform.storage.get('auth_token')).toBeNull()
  })

  it('logs out when the start-up refresh fails: 세션이 만료되었습니다. 다시 로그인해주세요. and sign-in', async () => {
    const first = await signedIn(await createWorld(), { url: `${APP_ORIGIN}/courses` })
    first.client.dispose()
    await first.clock.tickAsync(2 * HOUR)
    first.backend.context.authSessions.signOut(learner.id, null, 'global')
    const h = reload(first)
    await h.auth.start()
    expect(h.auth.store.getState()).toMatchObject({ status: 'unauthenticated', user: null })
    expect(types(h)).toEqual(['sessionExpired', 'signingOut', 'signedOut'])
    expect(h.authEvents.at(-1)?.payload).toEqual({ userId: learner.id, reason: 'expired' })
    expect(h.platform.storage.get('auth_token')).toBeNull()
    expect(h.requests).toContain('POST /api/v2/auth/logout')
    expect(h.notices).toEqual([{ kind: 'error', message: '세션이 만료되었습니다. 다시 로그인해주세요.' }])
    expect(h.navigations).toEqual([{ to: '/sign/in?redirect=%2Fcourses', replace: false, delayMs: 0 }])
  })

  it('a start-up refresh that fails on the completion page or on /sign/in signs out with the toast, without moving', async () => {
    for (const page of ['/sign/complete/u/e', '/sign/in']) {
      const first = await signedIn(await createWorld(), { url: `${APP_ORIGIN}${page}` })
      first.client.dispose()
      await first.clock.tickAsync(2 * HOUR)
      first.backend.context.authSessions.signOut(learner.id, null, 'global')
      const h = reload(first)
      await h.auth.start()
      expect(h.auth.store.getState().status).toBe('unauthenticated')
      expect(h.notices).toEqual([{ kind: 'error', message: '세션이 만료되었습니다. 다시 로그인해주세요.' }])
      expect(h.navigations).toEqual([])
    }
  })

  it('a 401 on the profile read at start-up whose refresh fails: the toast, signed out and /sign/in, not the fallback profile', async () => {
    const first = await signedIn(await createWorld(), { url: `${APP_ORIGIN}/courses` })
    // The platform API no longer takes the stored token, and the refresh token is spent.
    first.backend.faults.add({ method: 'GET', path: `/api/users/${learner.id}`, kind: 'status', status: 401 })
    first.backend.faults.add({ method: 'POST', path: '/auth/v1/token', kind: 'status', status: 400 })
    const h = reload(first)
    await h.auth.start()
    await h.advance(1_000, 100)
    expect(h.requests).toEqual([
      'GET /auth/v1/user',
      `GET /api/users/${learner.id}`,
      'POST /auth/v1/token',
      'POST /api/v2/auth/logout',
      'POST /auth/v1/logout',
    ])
    expect(h.auth.store.getState()).toMatchObject({ status: 'unauthenticated', user: null, profile: null })
    expect(types(h)).toEqual(['sessionExpired', 'signingOut', 'signedOut'])
    expect(h.notices).toEqual([{ kind: 'error', message: '세션이 만료되었습니다. 다시 로그인해주세요.' }])
    expect(h.navigations).toEqual([{ to: '/sign/in?redirect=%2Fcourses', replace: false, delayMs: 0 }])
    expect(h.platform.storage.get('auth_token')).toBeNull()
    expect(h.platform.storage.get('auth_profile')).toBeNull()
  })

  it('a profile read at start-up that fails otherwise (5xx) keeps the session on the incomplete USER fallback, no toast', async () => {
    const first = await signedIn(await createWorld(), { url: `${APP_ORIGIN}/courses` })
    first.backend.faults.add({ method: 'GET', path: `/api/users/${learner.id}`, kind: 'status', status: 503 })
    const h = reload(first)
    await h.auth.start()
    expect(h.auth.store.getState()).toMatchObject({
      status: 'authenticated',
      role: 'USER',
      profile: { id: learner.id, hasProfile: false, role: 'USER' },
    })
    expect(h.notices).toEqual([])
    expect(h.navigations).toEqual([])
  })

  it('finishes a logout that the page left half done (logoutInProgress in session storage)', async () => {
    const first = await signedIn(await createWorld())
    first.platform.sessionStorage.set('logoutInProgress', 'true')
    const h = reload(first)
    await h.auth.start()
    expect(h.auth.store.getState().status).toBe('unauthenticated')
    expect(h.platform.storage.get('auth_token')).toBeNull()
    expect(h.platform.sessionStorage.get('logoutInProgress')).toBeNull()
    expect(h.platform.storage.get('coursekit.supabase.auth')).toBeNull()
  })

  it('sends an incomplete profile to the completion page at start-up too, counted', async () => {
    const first = authPage(await createWorld())
    await first.auth.signInWithPassword(demoAccounts.incomplete.email, DEMO_PASSWORD)
    const completion = `/sign/complete/${demoAccounts.incomplete.id}/${encodeURIComponent(demoAccounts.incomplete.email)}`
    expect(first.navigations).toEqual([{ to: completion, replace: false, delayMs: 0 }])
    const h = reload(first, { url: `${APP_ORIGIN}/courses` })
    await h.auth.start()
    expect(h.navigations).toEqual([{ to: completion, replace: false, delayMs: 0 }])
    expect(h.platform.sessionStorage.get('profileRedirectCount')).toBe('2')
  })
})

describe('refresh', () => {
  it('keeps a session alive through 24 simulated hours of 1-hour tokens, on the core timer alone', async () => {
    const h = await signedIn(await createWorld())
    const before = tokenRequests(h)
    for (let hour = 1; hour <= 24; hour++) {
      await h.advance(HOUR)
      const me = await h.client.api.currentUser()
      expect(me.ok, `hour ${hour}`).toBe(true)
      expect(h.auth.store.getState().status).toBe('authenticated')
    }
    const refreshes = h.authEvents.filter((event) => event.type === 'tokenRefreshed').length
    expect(refreshes).toBeGreaterThanOrEqual(23)
    expect(tokenRequests(h) - before).toBe(refreshes)
    expect(types(h)).not.toContain('signedOut')
    expect(types(h)).not.toContain('sessionExpired')
    expect(h.notices).toEqual([])
    const state = h.auth.store.getState()
    expect(state.expiry! - h.clock.now()).toBeGreaterThan(10 * MINUTE)
    expect(h.platform.storage.get('auth_token')).toBe(state.token)
    expect(h.platform.cookieJar.get('auth_token')?.value).toBe(state.token)
  })

  it('fires 10 minutes before expiry, not earlier', async () => {
    const h = await signedIn(await createWorld())
    const before = tokenRequests(h)
    await h.advance(50 * MINUTE - 1_000, 10 * MINUTE - 100)
    expect(tokenRequests(h)).toBe(before)
    await h.advance(1_000, 1_000)
    expect(tokenRequests(h)).toBe(before + 1)
    expect(h.authEvents.at(-1)).toEqual({ type: 'tokenRefreshed', payload: { expiresAt: h.clock.now() + HOUR } })
  })

  it('is one flight however many ask at once (timer, API client, callers)', async () => {
    const h = await signedIn(await createWorld())
    const before = tokenRequests(h)
    const results = await Promise.all([h.auth.refreshSession(), h.auth.apiAuth.refresh(), h.auth.refreshSession()])
    expect(results).toEqual([true, true, true])
    expect(tokenRequests(h)).toBe(before + 1)
  })

  it('a laptop waking after the expiry: the 401 is recovered with one refresh and the call can be retried', async () => {
    const h = await signedIn(await createWorld())
    h.clock.setTime(h.clock.now() + 2 * HOUR) // the wall clock jumps; the timer has not run yet
    const failed = await h.client.api.currentUser()
    expect(failed).toMatchObject({ status: 401, error: '토큰이 갱신되었습니다. 다시 시도해주세요.' })
    expect((await h.client.api.currentUser()).ok).toBe(true)
    expect(h.auth.store.getState().status).toBe('authenticated')
  })

  it('logs out when the timer refresh fails: 세션이 만료되었습니다. 다시 로그인해주세요. and sign-in', async () => {
    const h = await signedIn(await createWorld(), { url: `${APP_ORIGIN}/courses` })
    h.backend.context.authSessions.signOut(learner.id, null, 'global')
    await h.advance(50 * MINUTE)
    expect(h.auth.store.getState()).toMatchObject({ status: 'unauthenticated', user: null })
    expect(types(h)).toContain('sessionExpired')
    expect(h.authEvents.find((event) => event.type === 'signedOut')?.payload).toEqual({
      userId: learner.id,
      reason: 'expired',
    })
    expect(h.notices).toEqual([{ kind: 'error', message: '세션이 만료되었습니다. 다시 로그인해주세요.' }])
    expect(h.navigations).toEqual([{ to: '/sign/in?redirect=%2Fcourses', replace: false, delayMs: 0 }])
    expect(h.platform.storage.get('auth_token')).toBeNull()
  })

  it('on the completion page a failed refresh signs out without moving the page', async () => {
    const h = await signedIn(await createWorld(), { url: `${APP_ORIGIN}/sign/complete/u/e` })
    h.backend.context.authSessions.signOut(learner.id, null, 'global')
    await h.advance(50 * MINUTE)
    expect(h.auth.store.getState().status).toBe('unauthenticated')
    expect(h.navigations).toEqual([])
  })

  it('during playback a failed refresh neither signs out nor redirects; it tries again until playback ends', async () => {
    const h = await signedIn(await createWorld())
    h.auth.setVideoPlaying(true)
    h.backend.context.authSessions.signOut(learner.id, null, 'global')
    await h.advance(50 * MINUTE)
    expect(h.auth.store.getState().status).toBe('authenticated')
    expect(h.notices).toEqual([])
    h.auth.setVideoPlaying(false)
    await h.advance(30_000, 10_000)
    expect(h.auth.store.getState().status).toBe('unauthenticated')
    expect(h.notices).toEqual([{ kind: 'error', message: '세션이 만료되었습니다. 다시 로그인해주세요.' }])
  })

  it("a failed refresh after an API 401 is the API client's: its toast and /sign/in, one logout", async () => {
    const h = await signedIn(await createWorld(), { url: `${APP_ORIGIN}/courses` })
    h.backend.context.authSessions.signOut(learner.id, null, 'global')
    h.clock.setTime(h.clock.now() + 2 * HOUR)
    const failed = await h.client.api.currentUser()
    expect(failed).toMatchObject({ status: 401, code: 'SESSION_EXPIRED' })
    expect(h.notices).toEqual([{ kind: 'error', message: '세션이 만료되었습니다. 다시 로그인해주세요.' }])
    expect(h.navigations).toEqual([{ to: '/sign/in?redirect=%2Fcourses', replace: false, delayMs: 0 }])
    expect(h.auth.store.getState().status).toBe('unauthenticated')
    expect(types(h).filter((type) => type === 'signedOut')).toHaveLength(1)
  })
})
