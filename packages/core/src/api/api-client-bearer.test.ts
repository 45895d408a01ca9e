import { demoAccounts } from '@coursekit/mock-server'
import { APP_ORIGIN, accessToken, createWorld, type DeviceOptions, type HandAuthDevice } from '@coursekit/testkit'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { PUBLIC_ENDPOINTS } from '../contract/public-paths.ts'
import { useMswServer } from './msw-test-server.ts'

const server = useMswServer()

/** A page at /courses of a world reached through msw, its API auth set by hand. */
async function page(options: DeviceOptions = {}): Promise<HandAuthDevice> {
  const world = await createWorld({ msw: server })
  return world.device('page', { url: `${APP_ORIGIN}/courses`, ...options, handAuth: true })
}

/** The Authorization header of every request that left the client, by URL. */
function recordAuthorization() {
  const seen: { url: string; authorization: string | null }[] = []
  server.events.on('request:start', ({ request }) => {
    seen.push({ url: request.url, authorization: request.headers.get('authorization') })
  })
  return seen
}

async function signedInHarness() {
  const h = await page()
  await h.signInByHand()
  return h
}

describe('bearer placement: public endpoints of spec section 6 never get the token', () => {
  it.each(PUBLIC_ENDPOINTS.map((entry) => [entry.name, entry.prefixes] as const))('%s', async (_, prefixes) => {
    const seen = recordAuthorization()
    const h = await signedInHarness()
    for (const prefix of prefixes) {
      await h.api.get(prefix)
      await h.api.get(`${prefix}/123`)
    }
    expect(seen).toHaveLength(prefixes.length * 2)
    for (const request of seen) expect(request, request.url).toMatchObject({ authorization: null })
  })
})

describe('bearer placement: everything else on the API gets it', () => {
  it.each([
    ['/api/users/00000000-0000-4000-8000-000000000001'],
    ['/api/v2/session-tracker'],
    ['/api/v2/session-tracker/heartbeat'],
    ['/api/v2/session-tracker/end-watch'],
    ['/api/v2/session-tracker/sessions'],
    ['/api/v2/auth/logout'],
    ['/api/v2/users/00000000-0000-4000-8000-000000000001/display-name'],
    ['/api/v2/coursesx'],
    ['/api/v2/courses/../admin'],
  ])('%s', async (path) => {
    const seen = recordAuthorization()
    const h = await signedInHarness()
    await h.api.get(path)
    expect(seen).toHaveLength(1)
    expect(seen[0]!.authorization).toBe(`Bearer ${h.token}`)
  })

  it('takes the token from a source that answers with a promise', async () => {
    const seen = recordAuthorization()
    const h = await signedInHarness()
    h.auth.getAccessToken = () => Promise.resolve(h.token) as unknown as string
    await h.api.get('/api/v2/session-tracker/sessions')
    // A thenable that is no Promise of this realm (another library's, another frame's) counts too.
    const thenable = {
      // biome-ignore lint/suspicious/noThenProperty: a thenable that is not a Promise is what this test needs
      then: (resolve: (token: string) => void) => setTimeout(() => resolve(h.token!), 0),
    }
    h.auth.getAccessToken = () => thenable as unknown as string
    const fromThenable = h.api.get('/api/v2/session-tracker/sessions')
    await h.clock.tickAsync(0)
    await fromThenable
    expect(seen.map((request) => request.authorization)).toEqual([`Bearer ${h.token}`, `Bearer ${h.token}`])
  })

  it('sends no bearer when the source fails to give a token (a throw or a rejection)', async () => {
    const seen = recordAuthorization()
    const h = await signedInHarness()
    h.auth.getAccessToken = () => {
      throw new Error('storage unavailable')
    }
    await h.api.get('/api/v2/session-tracker/sessions')
    h.auth.getAccessToken = () => Promise.reject(new Error('storage unavailable')) as unknown as string
    await h.api.get('/api/v2/session-tracker/sessions')
    expect(seen.map((request) => request.authorization)).toEqual([null, null])
  })

  it('follows the token as it changes between requests', async () => {
    const seen = recordAuthorization()
    const h = await signedInHarness()
    await h.api.get('/api/v2/session-tracker/sessions')
    await h.clock.tickAsync(1_000)
    const later = await accessToken(h.backend, demoAccounts.learner)
    expect(later).not.toBe(h.token)
    h.auth.token = later
    await h.api.get('/api/v2/session-tracker/sessions')
    h.auth.token = null
    await h.api.get('/api/v2/session-tracker/sessions')
    expect(seen.map((request) => request.authorization)).toEqual([`Bearer ${h.token}`, `Bearer ${later}`, null])
  })

  it('reports a token that cannot be a header value as a failed request, not a throw', async () => {
    const seen = recordAuthorization()
    const h = await signedInHarness()
    h.auth.token = 'bad\ntoken'
    const result = await h.api.get('/api/v2/session-tracker/sessions')
    expect(result).toMatchObject({ ok: false, status: 0, code: 'NETWORK_ERROR' })
    expect(seen).toHaveLength(0)
  })

  it('does not send "Bearer null" when nobody is signed in', async () => {
    const seen = recordAuthorization()
    const h = await page()
    await h.api.get('/api/v2/session-tracker/sessions')
    expect(seen[0]!.authorization).toBeNull()
  })
})

describe('bearer placement: a request marked requireUser', () => {
  it("carries the token on a public path of the API (a lesson's materials that need sign-in)", async () => {
    const seen = recordAuthorization()
    const h = await signedInHarness()
    await h.api.get('/api/v2/lessons/1002/materials', { requireUser: true })
    await h.api.get('/api/v2/lessons/1001/materials')
    expect(seen.map((request) => request.authorization)).toEqual([`Bearer ${h.token}`, null])
  })

  it("recovers a 401 there like any bearer request (one refresh, the spec's retry message)", async () => {
    const h = await signedInHarness()
    h.auth.onRefresh = async () => true
    server.use(
      http.get(`${h.backend.url}/api/v2/lessons/1002/materials`, () =>
        HttpResponse.json({ error: 'Invalid or expired token' }, { status: 401 }),
      ),
    )
    const result = await h.api.get('/api/v2/lessons/1002/materials', { requireUser: true })
    expect(result).toMatchObject({ ok: false, status: 401, error: '토큰이 갱신되었습니다. 다시 시도해주세요.' })
    expect(h.auth.refreshCalls).toBe(1)
  })

  it('never carries it to another origin', async () => {
    const seen = recordAuthorization()
    server.use(http.all(/^(?!http:\/\/127\.0\.0\.1:54321)/, () => HttpResponse.json({ ok: true })))
    const h = await signedInHarness()
    await h.api.get('https://cdn.elsewhere.test/api/v2/lessons/1002/materials', { requireUser: true })
    expect(seen[0]!.authorization).toBeNull()
  })
})

describe('bearer placement: other origins never get it', () => {
  it.each([
    ['another host', 'https://cdn.elsewhere.test/api/users/1'],
    ['the same host on another scheme', 'https://127.0.0.1:54321/api/users/1'],
    ['the same host on another port', 'http://127.0.0.1:54322/api/users/1'],
    ['a protocol-relative URL', '//evil.test/api/v2/session-tracker'],
  ])('%s', async (_, url) => {
    const seen = recordAuthorization()
    server.use(http.all(/^(?!http:\/\/127\.0\.0\.1:54321)/, () => HttpResponse.json({ ok: true })))
    const h = await signedInHarness()
    const result = await h.api.get(url)
    expect(result.ok).toBe(true)
    expect(seen).toHaveLength(1)
    expect(seen[0]!.authorization).toBeNull()
  })

  it('but an absolute URL on the API itself does', async () => {
    const seen = recordAuthorization()
    const h = await signedInHarness()
    await h.api.get(`${h.backend.url}/api/v2/session-tracker/sessions`)
    expect(seen[0]!.authorization).toBe(`Bearer ${h.token}`)
  })
})
