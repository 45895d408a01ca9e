import { APP_ORIGIN, createWorld, type DeviceOptions, type HandAuthDevice } from '@coursekit/testkit'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import type { FetchLike } from '../kernel/ports.ts'
import { createProxyFetch, type Invoke } from '../platform/desktop-proxy.ts'
import { useMswServer } from './msw-test-server.ts'

const server = useMswServer()

/** A page at /courses of a world reached through msw, its API auth set by hand. */
async function page(options: DeviceOptions = {}): Promise<HandAuthDevice> {
  const world = await createWorld({ msw: server })
  return world.device('page', { url: `${APP_ORIGIN}/courses`, ...options, handAuth: true })
}

describe('api client: error text (spec section 8)', () => {
  it('takes the body error field first', async () => {
    const h = await page()
    server.use(
      http.get(`${h.backend.url}/api/v2/x`, () =>
        HttpResponse.json({ error: '중복된 요청', message: 'other' }, { status: 409 }),
      ),
    )
    expect(await h.api.get('/api/v2/x')).toMatchObject({ ok: false, data: null, error: '중복된 요청', status: 409 })
  })

  it('then the message field', async () => {
    const h = await page()
    server.use(
      http.get(`${h.backend.url}/api/v2/x`, () => HttpResponse.json({ message: '잘못된 요청' }, { status: 400 })),
    )
    expect(await h.api.get('/api/v2/x')).toMatchObject({ error: '잘못된 요청', status: 400 })
  })

  it('else request failed: STATUS STATUSTEXT', async () => {
    const h = await page()
    server.use(
      http.get(`${h.backend.url}/api/v2/x`, () =>
        HttpResponse.json({ other: 1 }, { status: 404, statusText: 'Not Found' }),
      ),
    )
    expect(await h.api.get('/api/v2/x')).toMatchObject({ error: 'request failed: 404 Not Found', status: 404 })
  })

  it('an HTML error page gives the status text too, not a JSON complaint', async () => {
    const h = await page()
    server.use(
      http.get(`${h.backend.url}/api/v2/x`, () =>
        HttpResponse.html('<h1>Bad gateway</h1>', { status: 502, statusText: 'Bad Gateway' }),
      ),
    )
    expect(await h.api.get('/api/v2/x')).toMatchObject({
      error: 'request failed: 502 Bad Gateway',
      status: 502,
      body: undefined,
    })
  })

  it('keeps the error body and its code for services (the device-limit body)', async () => {
    const h = await page()
    await h.signInByHand()
    const register = (n: number) =>
      h.api.post('/api/v2/session-tracker', {
        sessionId: `00000000-0000-4000-8000-000000000001_d${n}`,
        userAgent: `ua${n}`,
      })
    await register(1)
    await register(2)
    const third = await register(3)
    expect(third).toMatchObject({
      ok: false,
      status: 403,
      code: 'DEVICE_LIMIT_REACHED',
      body: { canForceLogout: true },
    })
    expect((third as { body: { sessions: unknown[] } }).body.sessions).toHaveLength(2)
  })

  it('reads errorCode as the code when there is no code (users/create)', async () => {
    const h = await page()
    server.use(
      http.post(`${h.backend.url}/api/v2/users/create`, () =>
        HttpResponse.json(
          { errorCode: 'DUPLICATE_PHONE', error: '이미 사용 중인 전화번호입니다.', suggestion: 's' },
          { status: 409 },
        ),
      ),
    )
    expect(await h.api.post('/api/v2/users/create', {})).toMatchObject({
      code: 'DUPLICATE_PHONE',
      error: '이미 사용 중인 전화번호입니다.',
    })
  })
})

describe('api client: toasts', () => {
  it('returns a 403 with no toast', async () => {
    const h = await page()
    h.backend.faults.add({ path: '/api/v2/courses', kind: 'status', status: 403 })
    const result = await h.api.get('/api/v2/courses')
    expect(result).toMatchObject({ ok: false, status: 403 })
    expect(h.notices).toEqual([])
  })

  it('shows an error toast for a 5xx, with the error text', async () => {
    const h = await page()
    h.backend.faults.add({ path: '/api/v2/courses', kind: 'status', status: 503 })
    const result = await h.api.get('/api/v2/courses')
    expect(result).toMatchObject({ ok: false, status: 503, error: 'Injected fault', code: 'INJECTED_FAULT' })
    expect(h.notices).toEqual([
      { kind: 'error', message: 'Injected fault', topic: expect.stringMatching(/^GET http.*\/api\/v2\/courses$/) },
    ])
  })

  it("the same request's next success says settled (its 5xx toast is stale), once; another request's does not", async () => {
    const h = await page()
    const settled: string[] = []
    h.client.events.subscribe('settled', ({ topic }) => settled.push(topic))
    h.backend.faults.add({ path: '/api/v2/courses', kind: 'status', status: 503 })
    await h.api.get('/api/v2/courses')
    const topic = h.notices[0]?.topic
    await h.api.get('/api/v2/notices')
    expect(settled).toEqual([])
    h.backend.faults.clear()
    await h.api.get('/api/v2/courses')
    await h.api.get('/api/v2/courses')
    expect(topic).toBeDefined()
    expect(settled).toEqual([topic])
  })

  it('cuts a long server error in the toast, and keeps it whole in the response value', async () => {
    const h = await page()
    const huge = `서버 오류: ${'stack frame '.repeat(10_000)}`
    server.use(http.get(`${h.backend.url}/api/v2/x`, () => HttpResponse.json({ error: huge }, { status: 500 })))
    const result = await h.api.get('/api/v2/x')
    expect(result).toMatchObject({ ok: false, status: 500, error: huge })
    expect(h.notices).toHaveLength(1)
    const [notice] = h.notices
    expect(notice!.message.length).toBeLessThanOrEqual(200)
    expect(notice!.message).toMatch(/^서버 오류: stack frame .*…$/)
  })

  it('keeps a 5xx quiet when the caller asks (heartbeat failures are silent)', async () => {
    const h = await page()
    h.backend.faults.add({ path: '/api/v2/courses', kind: 'status', status: 500 })
    expect(await h.api.get('/api/v2/courses', { notify: false })).toMatchObject({ status: 500 })
    expect(h.notices).toEqual([])
  })

  it('shows no toast for other 4xx', async () => {
    const h = await page()
    expect(await h.api.get('/api/v2/courses/999999')).toMatchObject({ status: 404, code: 'NOT_FOUND' })
    expect(h.notices).toEqual([])
  })
})

describe('api client: network failure', () => {
  it('is status 0 with no response, never a throw (a dropped response)', async () => {
    const h = await page()
    h.backend.faults.add({ path: '/api/v2/courses', kind: 'drop' })
    const result = await h.api.get('/api/v2/courses')
    expect(result).toMatchObject({
      ok: false,
      status: 0,
      raw: null,
      data: null,
      code: 'NETWORK_ERROR',
      error: 'request failed: network error',
    })
    expect(h.notices).toEqual([])
  })

  it('is status 0 when the transport itself rejects', async () => {
    const h = await page({
      client: { fetch: () => Promise.reject(new TypeError('getaddrinfo ENOTFOUND')) },
    })
    const result = await h.api.get('/api/ping')
    expect(result).toMatchObject({ ok: false, status: 0, code: 'NETWORK_ERROR' })
    expect((result as { cause: Error }).cause).toBeInstanceOf(TypeError)
  })

  it.each([
    ['Response.error()', () => Response.error()],
    ['undefined', () => undefined],
    ['null', () => null],
    ['a plain object', () => ({})],
    ['a string', () => 'ok'],
    ['a Response-like object with status 0', () => ({ status: 0, ok: false, headers: new Headers(), text: () => '' })],
  ])('is status 0 when the fetch port resolves %s, as when it rejects', async (_, answer) => {
    const fetch = (() => Promise.resolve(answer())) as unknown as FetchLike
    const h = await page({ client: { fetch } })
    const result = await h.api.get('/api/ping')
    expect(result).toMatchObject({
      ok: false,
      status: 0,
      raw: null,
      data: null,
      code: 'NETWORK_ERROR',
      error: 'request failed: network error',
    })
    expect((result as { cause: unknown }).cause).toBeInstanceOf(TypeError)
    expect(h.notices).toEqual([])
  })

  it('is the same through the desktop proxy when the native side answers no reply', async () => {
    for (const reply of [undefined, { status: 0 }, Response.error()]) {
      const invoke: Invoke = async () => reply
      const h = await page({ client: { fetch: createProxyFetch(invoke) } })
      expect(await h.api.get('/api/ping')).toMatchObject({
        ok: false,
        status: 0,
        raw: null,
        code: 'NETWORK_ERROR',
        error: 'request failed: network error',
      })
    }
  })

  it("reads a Response of another realm (an iframe's fetch) by its shape", async () => {
    const foreign: FetchLike = async (input, init) => {
      const response = await fetch(input, init)
      // Not `instanceof Response` here, as a Response made by another window's fetch is not.
      return {
        status: response.status,
        statusText: response.statusText,
        ok: response.ok,
        headers: response.headers,
        body: response.body,
        text: () => response.text(),
        blob: () => response.blob(),
      } as unknown as Response
    }
    const h = await page({ client: { fetch: foreign } })
    expect(await h.api.call('health')).toMatchObject({ ok: true, status: 200, data: { status: 'ok' } })
  })
})

describe('api client: bodies that are not what was promised', () => {
  it('non-JSON success body: 응답을 JSON으로 처리하는 중 오류가 발생했습니다.', async () => {
    const h = await page()
    server.use(http.get(`${h.backend.url}/api/v2/courses`, () => HttpResponse.html('<html>maintenance</html>')))
    expect(await h.api.get('/api/v2/courses')).toMatchObject({
      ok: false,
      status: 200,
      error: '응답을 JSON으로 처리하는 중 오류가 발생했습니다.',
      code: 'INVALID_JSON',
      body: '<html>maintenance</html>',
    })
  })

  it('malformed JSON (cut off) is the same non-JSON failure', async () => {
    const h = await page()
    server.use(
      http.get(
        `${h.backend.url}/api/v2/courses`,
        () => new HttpResponse('{"items":[{"id":1', { headers: { 'content-type': 'application/json' } }),
      ),
    )
    expect(await h.api.get('/api/v2/courses')).toMatchObject({
      error: '응답을 JSON으로 처리하는 중 오류가 발생했습니다.',
    })
  })

  it('a body that does not fit the schema: 응답 처리 중 오류가 발생했습니다.', async () => {
    const h = await page()
    server.use(http.get(`${h.backend.url}/api/v2/courses`, () => HttpResponse.json({ items: 'nope', total: 1 })))
    const result = await h.api.call('courses')
    expect(result).toMatchObject({
      ok: false,
      status: 200,
      error: '응답 처리 중 오류가 발생했습니다.',
      code: 'INVALID_RESPONSE',
      body: { items: 'nope', total: 1 },
    })
    expect(String((result as { cause: unknown }).cause)).toContain('items')
  })

  it('a body that cannot be read (the stream breaks) is the other parse failure too', async () => {
    const h = await page()
    const broken = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"a":'))
        controller.error(new Error('connection reset'))
      },
    })
    server.use(
      http.get(
        `${h.backend.url}/api/v2/courses`,
        () => new HttpResponse(broken, { headers: { 'content-type': 'application/json' } }),
      ),
    )
    expect(await h.api.get('/api/v2/courses')).toMatchObject({
      ok: false,
      status: 200,
      error: '응답 처리 중 오류가 발생했습니다.',
    })
  })

  it('an empty body that a schema expects an object for is a schema failure', async () => {
    const h = await page()
    server.use(http.get(`${h.backend.url}/api/ping`, () => new HttpResponse(null, { status: 200 })))
    expect(await h.api.call('ping')).toMatchObject({ ok: false, code: 'INVALID_RESPONSE' })
  })
})
