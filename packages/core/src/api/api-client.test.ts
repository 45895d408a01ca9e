import { demoAccounts } from '@coursekit/mock-server'
import { APP_ORIGIN, createWorld, type DeviceOptions, type HandAuthDevice } from '@coursekit/testkit'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { useMswServer } from './msw-test-server.ts'

const server = useMswServer()

/** A page at /courses of a world reached through msw, its API auth set by hand. */
async function page(options: DeviceOptions = {}): Promise<HandAuthDevice> {
  const world = await createWorld({ msw: server })
  return world.device('page', { url: `${APP_ORIGIN}/courses`, ...options, handAuth: true })
}

function recordRequests() {
  const requests: Request[] = []
  server.events.on('request:start', ({ request }) => {
    requests.push(request.clone())
  })
  return requests
}

describe('api client: requests and responses', () => {
  it('GETs JSON under the base URL with the query, as { ok, data, error: null, status, raw }', async () => {
    const { api, backend } = await page()
    const result = await api.get<{ items: unknown[]; total: number }>('/api/v2/courses', { query: { limit: 2 } })
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.error).toBeNull()
    expect(result.status).toBe(200)
    expect(result.data.items).toHaveLength(2)
    expect(result.raw).toBeInstanceOf(Response)
    expect(result.raw.url).toBe(`${backend.url}/api/v2/courses?limit=2`)
  })

  it('sends JSON bodies with content type, accept and the platform user agent', async () => {
    const requests = recordRequests()
    const h = await page()
    await h.signInByHand()
    const result = await h.api.post('/api/v2/session-tracker', {
      sessionId: `${demoAccounts.learner.id}_dev1`,
      userAgent: 'x',
    })
    expect(result.status).toBe(200)
    const [request] = requests
    expect(request!.method).toBe('POST')
    expect(request!.headers.get('content-type')).toBe('application/json')
    expect(request!.headers.get('accept')).toBe('application/json')
    expect(request!.headers.get('user-agent')).toBe('coursekit-memory-platform')
    expect(await request!.json()).toEqual({ sessionId: `${demoAccounts.learner.id}_dev1`, userAgent: 'x' })
  })

  it("keeps one request's headers out of the next (a JSON body's content type, a caller's own)", async () => {
    const requests = recordRequests()
    const h = await page()
    await h.signInByHand()
    await h.api.post('/api/v2/session-tracker', { sessionId: `${demoAccounts.learner.id}_dev1`, userAgent: 'x' })
    await h.api.get('/api/v2/session-tracker/sessions', { headers: { 'x-request-id': 'r1' } })
    await h.api.get('/api/v2/session-tracker/sessions')
    expect(requests.map((request) => request.headers.get('content-type'))).toEqual(['application/json', null, null])
    expect(requests.map((request) => request.headers.get('x-request-id'))).toEqual([null, 'r1', null])
    for (const request of requests) expect(request.headers.get('authorization')).toBe(`Bearer ${h.token}`)
  })

  it('lets a caller override the user agent, and add headers', async () => {
    const requests = recordRequests()
    const { api } = await page({ client: { userAgent: 'coursekit-cli/1.0' } })
    await api.get('/api/ping', { headers: { 'x-request-id': 'r1' } })
    expect(requests[0]!.headers.get('user-agent')).toBe('coursekit-cli/1.0')
    expect(requests[0]!.headers.get('x-request-id')).toBe('r1')
  })

  it('has put, patch and delete', async () => {
    const h = await page()
    await h.signInByHand()
    const sessionId = `${demoAccounts.learner.id}_dev1`
    await h.api.post('/api/v2/session-tracker', { sessionId, userAgent: 'x' })
    const patched = await h.api.patch(`/api/v2/users/${demoAccounts.learner.id}/display-name`, {
      displayName: '하늘이',
    })
    expect(patched.ok).toBe(true)
    const visit = await h.api.post<{ sessionId: string }>('/api/v2/analytics/track-visit', {
      entryPath: '/',
      deviceType: 'desktop',
      browser: 'Chrome',
      os: 'macOS',
      isNewUser: true,
    })
    expect(visit.ok).toBe(true)
    const put = await h.api.put(`/api/v2/analytics/track-conversion/${visit.data?.sessionId}`, {
      conversionType: 'signup',
    })
    expect(put).toMatchObject({ ok: true, status: 200, data: { success: true } })
    const removed = await h.api.delete(`/api/v2/session-tracker/sessions/${sessionId}`)
    expect(removed).toMatchObject({ ok: true, status: 200, data: { success: true, removedSessionId: sessionId } })
  })

  it('validates with a schema when given one', async () => {
    const { api } = await page()
    const result = await api.get('/api/ping', { schema: z.object({ pong: z.literal(true) }) })
    expect(result).toMatchObject({ ok: true, data: { pong: true } })
  })

  it('returns null data for an empty success body', async () => {
    const { api, backend } = await page()
    server.use(http.delete(`${backend.url}/api/v2/things/1`, () => new HttpResponse(null, { status: 204 })))
    expect(await api.delete('/api/v2/things/1')).toMatchObject({ ok: true, status: 204, data: null })
  })
})

describe('api client: call(endpoint)', () => {
  it('fills path parameters, sends the checked body and parses the contract response', async () => {
    const h = await page()
    await h.signInByHand()
    const sessionId = `${demoAccounts.learner.id}_dev1`
    const registered = await h.api.call('registerSession', { body: { sessionId, userAgent: 'Chrome' } })
    expect(registered.ok).toBe(true)
    if (!registered.ok) return
    expect(registered.data.sessionId).toBe(sessionId)
    expect(registered.data.sessions[0]?.device.userAgent).toBe('Chrome')

    const user = await h.api.call('getUser', { params: { id: demoAccounts.learner.id } })
    expect(user.ok && user.data.email).toBe(demoAccounts.learner.email)
  })

  it('works without input for an endpoint that needs none', async () => {
    const { api } = await page()
    const courses = await api.call('courses')
    expect(courses.ok && courses.data.total).toBeGreaterThan(0)
    const filtered = await api.call('lessons', { query: { courseId: 101 } })
    expect(filtered.ok && filtered.data.items.every((item) => item.courseId === 101)).toBe(true)
  })

  it('refuses a body that breaks the contract before sending anything', async () => {
    const requests = recordRequests()
    const h = await page()
    await h.signInByHand()
    const result = await h.api.call('registerSession', {
      body: { sessionId: '', userAgent: 'x' },
    })
    expect(result).toMatchObject({ ok: false, status: 0, code: 'INVALID_REQUEST' })
    expect(result.error).toContain('sessionId')
    expect(requests).toHaveLength(0)
  })

  it('refuses a missing path parameter as a value, not a throw', async () => {
    const { api } = await page()
    const result = await api.call('getUser', { params: {} })
    expect(result).toMatchObject({ ok: false, status: 0, code: 'INVALID_REQUEST' })
    expect(result.error).toContain('"id"')
  })

  it('refuses an endpoint name the contract does not have, sending nothing (a caller without types)', async () => {
    const requests = recordRequests()
    const { api } = await page()
    for (const name of ['noSuchEndpoint', 'toString']) {
      const result = await api.call(name as 'heartbeat', { body: { sessionId: 's' } })
      expect(result).toMatchObject({ ok: false, status: 0, code: 'INVALID_REQUEST' })
      expect(result.error).toContain(name)
    }
    expect(requests).toHaveLength(0)
  })

  it('percent-encodes path parameters', async () => {
    const requests = recordRequests()
    const { api } = await page()
    await api.call('userExistsByEmail', { params: { email: 'a+b/c@x.test' }, body: {} })
    expect(new URL(requests[0]!.url).pathname).toBe('/api/v2/users/exists/email/a%2Bb%2Fc%40x.test')
  })
})

describe('api client: currentUser', () => {
  it('gets the signed-in user record', async () => {
    const h = await page()
    await h.signInByHand()
    const user = await h.api.currentUser()
    expect(user.ok && user.data.id).toBe(demoAccounts.learner.id)
  })

  it('answers 로그인이 필요합니다. without a user, sending nothing', async () => {
    const requests = recordRequests()
    const { api } = await page()
    const user = await api.currentUser()
    expect(user).toMatchObject({ ok: false, error: '로그인이 필요합니다.', status: 401, code: 'LOGIN_REQUIRED' })
    expect(requests).toHaveLength(0)
  })

  it('applies the same rule to any request marked requireUser', async () => {
    const { api } = await page()
    expect(await api.get('/api/v2/courses', { requireUser: true })).toMatchObject({ error: '로그인이 필요합니다.' })
  })
})

describe('api client: cancellation and lifetime', () => {
  it('gives up after timeoutMs on the client clock (status 0, TIMEOUT)', async () => {
    const h = await page()
    h.backend.faults.add({ path: '/api/ping', kind: 'latency', latencyMs: 10_000 })
    const pending = h.api.get('/api/ping', { timeoutMs: 3_000 })
    await h.clock.tickAsync(3_000)
    expect(await pending).toMatchObject({
      ok: false,
      status: 0,
      code: 'TIMEOUT',
      error: 'request failed: timed out after 3000 ms',
    })
    await h.clock.runAllAsync()
  })

  it('reports an aborted request as a value', async () => {
    const h = await page()
    h.backend.faults.add({ path: '/api/ping', kind: 'latency', latencyMs: 1_000 })
    const controller = new AbortController()
    const pending = h.api.get('/api/ping', { signal: controller.signal })
    controller.abort()
    expect(await pending).toMatchObject({ ok: false, status: 0, code: 'ABORTED' })
    await h.clock.runAllAsync()
  })

  it('ends requests in flight on dispose and refuses new ones', async () => {
    const h = await page()
    h.backend.faults.add({ path: '/api/ping', kind: 'latency', latencyMs: 1_000 })
    const pending = h.api.get('/api/ping')
    h.client.dispose()
    expect(await pending).toMatchObject({ ok: false, status: 0, code: 'CLIENT_DISPOSED' })
    expect(await h.api.get('/api/ping')).toMatchObject({ ok: false, status: 0, code: 'CLIENT_DISPOSED' })
    await h.clock.runAllAsync()
  })

  it('ends a request with its own signal and timeout on dispose too, leaving no timer', async () => {
    const h = await page()
    h.backend.faults.add({ path: '/api/ping', kind: 'latency', latencyMs: 1_000 })
    const controller = new AbortController()
    const pending = h.api.get('/api/ping', { signal: controller.signal, timeoutMs: 3_000 })
    h.client.dispose()
    expect(await pending).toMatchObject({ ok: false, status: 0, code: 'CLIENT_DISPOSED' })
    await h.clock.runAllAsync()
    expect(h.clock.pendingTimers()).toBe(0)
  })

  it("reports the caller's abort as ABORTED when the request also has a timeout", async () => {
    const h = await page()
    h.backend.faults.add({ path: '/api/ping', kind: 'latency', latencyMs: 1_000 })
    const controller = new AbortController()
    const pending = h.api.get('/api/ping', { signal: controller.signal, timeoutMs: 3_000 })
    controller.abort()
    expect(await pending).toMatchObject({ ok: false, status: 0, code: 'ABORTED' })
    await h.clock.runAllAsync()
  })

  it('clears the timeout of a request answered in time', async () => {
    const h = await page()
    expect(await h.api.get('/api/ping', { timeoutMs: 3_000 })).toMatchObject({ ok: true, status: 200 })
    expect(h.clock.pendingTimers()).toBe(0)
  })
})
