import { APP_ORIGIN, createWorld, type DeviceOptions, type HandAuthDevice } from '@coursekit/testkit'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { useMswServer } from './msw-test-server.ts'

const server = useMswServer()

/** A page at /courses of a world reached through msw, its API auth set by hand. */
async function page(options: DeviceOptions = {}): Promise<HandAuthDevice> {
  const world = await createWorld({ msw: server })
  return world.device('page', { url: `${APP_ORIGIN}/courses`, ...options, handAuth: true })
}

const SESSIONS = '/api/v2/session-tracker/sessions'

/** Signed in with a token the server rejects; refresh swaps in a valid one when `refreshWorks`. */
async function staleTokenHarness(refreshWorks: boolean, options: DeviceOptions = {}) {
  const h = await page(options)
  await h.signInByHand()
  h.auth.token = 'stale.token.value'
  h.auth.onRefresh = async () => {
    await Promise.resolve()
    if (refreshWorks) h.auth.token = h.token
    return refreshWorks
  }
  return h
}

describe('401 for a signed-in user: one refresh', () => {
  it('50 concurrent 401s cause exactly one refresh, and all report 토큰이 갱신되었습니다. 다시 시도해주세요.', async () => {
    const h = await staleTokenHarness(true)
    const results = await Promise.all(Array.from({ length: 50 }, () => h.api.get(SESSIONS)))
    expect(h.auth.refreshCalls).toBe(1)
    for (const result of results) {
      expect(result).toMatchObject({
        ok: false,
        status: 401,
        error: '토큰이 갱신되었습니다. 다시 시도해주세요.',
        code: 'TOKEN_REFRESHED',
      })
    }
    expect(h.notices).toEqual([])
    expect(h.navigations).toEqual([])
  })

  it('a 401 for a request sent before a finished refresh does not refresh again', async () => {
    const h = await staleTokenHarness(true)
    let releaseSlow = () => {}
    const slowGate = new Promise<void>((resolve) => {
      releaseSlow = resolve
    })
    server.use(
      http.get(`${h.backend.url}/api/v2/slow`, async () => {
        await slowGate
        return HttpResponse.json({ error: 'Invalid or expired token', code: 'UNAUTHORIZED' }, { status: 401 })
      }),
    )
    const slow = h.api.get('/api/v2/slow')
    const fast = await h.api.get(SESSIONS)
    expect(fast.code).toBe('TOKEN_REFRESHED')
    releaseSlow()
    expect(await slow).toMatchObject({ code: 'TOKEN_REFRESHED' })
    expect(h.auth.refreshCalls).toBe(1)
  })

  it('refreshes again for a 401 with the refreshed token (a later, separate expiry)', async () => {
    const h = await staleTokenHarness(true)
    await h.api.get(SESSIONS)
    h.auth.token = 'stale.again'
    await h.api.get(SESSIONS)
    expect(h.auth.refreshCalls).toBe(2)
  })

  it('with retryOnRefresh, replays an idempotent request once with the new token', async () => {
    const h = await staleTokenHarness(true, { client: { retryOnRefresh: true } })
    const authorizations: (string | null)[] = []
    server.events.on('request:start', ({ request }) => {
      authorizations.push(request.headers.get('authorization'))
    })
    const result = await h.api.get(SESSIONS)
    expect(result).toMatchObject({ ok: true, status: 200, data: { sessions: [] } })
    expect(authorizations).toEqual(['Bearer stale.token.value', `Bearer ${h.token}`])
  })

  it('retryOnRefresh can be asked per request, and never replays a POST', async () => {
    const h = await staleTokenHarness(true)
    const replayed = await h.api.get(SESSIONS, { retryOnRefresh: true })
    expect(replayed.ok).toBe(true)

    h.auth.token = 'stale.again'
    const post = await h.api.post('/api/v2/session-tracker/heartbeat', { sessionId: 'x' }, { retryOnRefresh: true })
    expect(post).toMatchObject({ status: 401, code: 'TOKEN_REFRESHED' })
  })

  it('replays at most once', async () => {
    const h = await staleTokenHarness(false, { client: { retryOnRefresh: true } })
    h.auth.onRefresh = async () => true // claims success but the token stays stale
    const result = await h.api.get(SESSIONS)
    expect(result).toMatchObject({ status: 401, code: 'TOKEN_REFRESHED' })
    expect(h.auth.refreshCalls).toBe(2)
  })
})

describe('401 for a signed-in user whose refresh fails', () => {
  it('toasts 세션이 만료되었습니다. 다시 로그인해주세요., logs out and goes to /sign/in, once for 50 requests', async () => {
    const h = await staleTokenHarness(false)
    const results = await Promise.all(Array.from({ length: 50 }, () => h.api.get(SESSIONS)))
    for (const result of results) {
      expect(result).toMatchObject({
        status: 401,
        error: '세션이 만료되었습니다. 다시 로그인해주세요.',
        code: 'SESSION_EXPIRED',
      })
    }
    expect(h.auth.refreshCalls).toBe(1)
    expect(h.auth.logoutCalls).toBe(1)
    expect(h.notices).toEqual([{ kind: 'error', message: '세션이 만료되었습니다. 다시 로그인해주세요.' }])
    expect(h.navigations).toEqual([{ to: '/sign/in?redirect=%2Fcourses', replace: false, delayMs: 0 }])
    expect(h.platform.navigations.map((n) => n.to)).toEqual(['/sign/in?redirect=%2Fcourses'])
  })

  it('treats a refresh that throws as a failed refresh', async () => {
    const h = await staleTokenHarness(false)
    h.auth.onRefresh = async () => {
      throw new Error('network down')
    }
    expect(await h.api.get(SESSIONS)).toMatchObject({ code: 'SESSION_EXPIRED' })
    expect(h.auth.logoutCalls).toBe(1)
  })

  it('during video playback: neither logs out nor redirects (nor toasts); playback continues', async () => {
    const h = await staleTokenHarness(false)
    h.auth.videoPlaying = true
    expect(await h.api.get(SESSIONS)).toMatchObject({ status: 401, code: 'SESSION_EXPIRED' })
    expect(h.auth.logoutCalls).toBe(0)
    expect(h.navigations).toEqual([])
    expect(h.notices).toEqual([])
  })

  it('never redirects on a path containing /sign/complete/', async () => {
    const h = await staleTokenHarness(false, { url: `${APP_ORIGIN}/sign/complete/u1/a%40b.test` })
    await h.api.get(SESSIONS)
    expect(h.auth.logoutCalls).toBe(1)
    expect(h.navigations).toEqual([])
  })

  it('while a logout is in progress, a 401 changes nothing', async () => {
    const h = await staleTokenHarness(false)
    h.auth.logoutInProgress = true
    const result = await h.api.get(SESSIONS)
    expect(result).toMatchObject({ status: 401, code: 'UNAUTHORIZED' })
    expect(h.auth.refreshCalls).toBe(0)
    expect(h.auth.logoutCalls).toBe(0)
    expect(h.navigations).toEqual([])
    expect(h.notices).toEqual([])
  })
})

describe('401 for an unauthenticated user', () => {
  it('goes to /sign/in without trying to refresh', async () => {
    const h = await page()
    const result = await h.api.get(SESSIONS)
    expect(result).toMatchObject({ ok: false, status: 401, code: 'UNAUTHORIZED', error: 'Authentication required' })
    expect(h.auth.refreshCalls).toBe(0)
    expect(h.navigations).toEqual([{ to: '/sign/in?redirect=%2Fcourses', replace: false, delayMs: 0 }])
  })

  it('not when already on /sign/in, nor on /sign/complete/, nor during playback', async () => {
    for (const setup of [
      (h: HandAuthDevice) => h.platform.setLocation('/sign/in'),
      (h: HandAuthDevice) => h.platform.setLocation('/sign/complete/u1/x%40y.test'),
      (h: HandAuthDevice) => {
        h.auth.videoPlaying = true
      },
    ]) {
      const h = await page()
      setup(h)
      await h.api.get(SESSIONS)
      expect(h.navigations).toEqual([])
    }
  })
})

describe('401s that are not token problems', () => {
  it('SESSION_REVOKED (this device was signed out) is returned as a value: no refresh, no redirect', async () => {
    const h = await page()
    await h.signInByHand()
    const result = await h.api.call('heartbeat', { body: { sessionId: 'never-registered' } })
    expect(result).toMatchObject({
      ok: false,
      status: 401,
      code: 'SESSION_REVOKED',
      body: { reason: expect.any(String) },
    })
    expect(h.auth.refreshCalls).toBe(0)
    expect(h.auth.logoutCalls).toBe(0)
    expect(h.navigations).toEqual([])
    expect(h.notices).toEqual([])
  })

  it('a 401 from a public path (no token was sent) is just returned', async () => {
    const h = await page()
    await h.signInByHand()
    server.use(
      http.post(`${h.backend.url}/api/v2/users/verify-legacy-password`, () =>
        HttpResponse.json({ error: 'no' }, { status: 401 }),
      ),
    )
    expect(await h.api.post('/api/v2/users/verify-legacy-password', {})).toMatchObject({ status: 401, error: 'no' })
    expect(h.auth.refreshCalls).toBe(0)
    expect(h.navigations).toEqual([])
  })

  it('a 401 from another origin is just returned', async () => {
    const h = await page()
    await h.signInByHand()
    server.use(http.get('https://other.test/x', () => HttpResponse.json({ error: 'nope' }, { status: 401 })))
    expect(await h.api.get('https://other.test/x')).toMatchObject({ status: 401, error: 'nope' })
    expect(h.auth.refreshCalls).toBe(0)
  })
})

describe('navigation goes through the platform after its delay', () => {
  it('manual navigation mode only emits the event', async () => {
    const h = await page({ client: { navigation: 'manual' } })
    await h.api.get(SESSIONS)
    expect(h.navigations).toHaveLength(1)
    expect(h.platform.navigations).toEqual([])
  })
})
