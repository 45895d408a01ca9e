import { createSimulatedClock } from '@coursekit/core/testing'
import { accessToken } from '@coursekit/testkit'
import { describe, expect, it, vi } from 'vitest'
import { createMockBackend } from './backend.ts'
import { DEMO_PASSWORD, demoAccounts } from './demo-accounts.ts'

const learnerToken = (backend: Awaited<ReturnType<typeof createMockBackend>>) =>
  accessToken(backend, demoAccounts.learner, 'test-session')

const json = (body: unknown, token?: string): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  body: typeof body === 'string' ? body : JSON.stringify(body),
})

describe('createMockBackend', () => {
  it('rejects bad options with a clear error', async () => {
    await expect(createMockBackend({ deviceLimit: 0 })).rejects.toThrow('deviceLimit must be a positive integer, got 0')
    await expect(createMockBackend({ sessionLeaseMs: 1.5 })).rejects.toThrow(/sessionLeaseMs/)
    await expect(createMockBackend({ jwtSecret: 'short' })).rejects.toThrow(/at least 32 bytes/)
    await expect(createMockBackend({ publicUrl: 'not a url' })).rejects.toThrow(/publicUrl/)
  })

  it('keeps every instance separate', async () => {
    const a = await createMockBackend()
    const b = await createMockBackend()
    a.faults.add({ path: '/api/health', kind: 'status', status: 500 })
    expect((await a.fetch(`${a.url}/api/health`)).status).toBe(500)
    expect((await b.fetch(`${b.url}/api/health`)).status).toBe(200)
  })

  it('derives a stable anon key from the secret, so configuration can name it once', async () => {
    const a = await createMockBackend()
    const b = await createMockBackend({ clock: createSimulatedClock(Date.UTC(2030, 0, 1)) })
    const other = await createMockBackend({ jwtSecret: 'another-development-secret-of-32-bytes!' })
    expect(a.anonKey).toBe(b.anonKey)
    expect(other.anonKey).not.toBe(a.anonKey)
  })

  it('answers an unknown route with a JSON 404', async () => {
    const backend = await createMockBackend()
    const response = await backend.fetch(`${backend.url}/nowhere`)
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ code: 'NOT_FOUND', error: 'Not found' })
  })

  it('refuses bodies over 64 KiB with 413 and changes nothing', async () => {
    const backend = await createMockBackend()
    const token = await learnerToken(backend)
    const response = await backend.fetch(
      `${backend.url}/api/v2/session-tracker`,
      json({ sessionId: `${demoAccounts.learner.id}_big`, userAgent: 'x'.repeat(70 * 1024) }, token),
    )
    expect(response.status).toBe(413)
    expect(await response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' })
    const list = await backend.fetch(`${backend.url}/api/v2/session-tracker/sessions`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect((await list.json()).sessions).toEqual([])
  })

  it('answers malformed JSON and wrong field types with 400 { error, message } and changes nothing', async () => {
    const backend = await createMockBackend()
    const token = await learnerToken(backend)
    const url = `${backend.url}/api/v2/session-tracker`
    const malformed = await backend.fetch(url, json('{"sessionId": ', token))
    expect(malformed.status).toBe(400)
    expect(await malformed.json()).toMatchObject({ code: 'BAD_REQUEST', message: 'Request body is not valid JSON' })
    const wrongType = await backend.fetch(url, json({ sessionId: 42, userAgent: 'x' }, token))
    expect(wrongType.status).toBe(400)
    const body = await wrongType.json()
    expect(body.error).toBe('Bad request')
    expect(body.message).toMatch(/sessionId/)
    const list = await backend.fetch(`${url}/sessions`, { headers: { authorization: `Bearer ${token}` } })
    expect((await list.json()).sessions).toEqual([])
  })

  it('injects a status fault for a chosen count, then recovers', async () => {
    const backend = await createMockBackend()
    backend.faults.add({ method: 'GET', path: '/api/health', kind: 'status', status: 503, count: 2 })
    const statuses = []
    for (let i = 0; i < 3; i++) statuses.push((await backend.fetch(`${backend.url}/api/health`)).status)
    expect(statuses).toEqual([503, 503, 200])
  })

  it('answers an injected status with CORS headers, so a browser reads the status rather than a network error', async () => {
    const backend = await createMockBackend({ corsOrigins: ['http://localhost:5173'] })
    backend.faults.add({ path: '/api/health', kind: 'status', status: 503, count: 1 })
    const response = await backend.fetch(`${backend.url}/api/health`, { headers: { origin: 'http://localhost:5173' } })
    expect(response.status).toBe(503)
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    expect(await response.json()).toMatchObject({ code: 'INJECTED_FAULT' })
  })

  it('keeps the body limit, auth and CORS on every answer while a fault waits for another path', async () => {
    const backend = await createMockBackend({ maxBodyBytes: 16, corsOrigins: ['http://localhost:5173'] })
    backend.faults.add({ path: '/api/ping', kind: 'status', status: 503 })
    expect(backend.faults.armed).toBe(true)
    const origin = 'http://localhost:5173'
    const answers = [
      await backend.fetch(`${backend.url}/api/v2/session-tracker/end`, {
        method: 'POST',
        headers: { origin },
        body: JSON.stringify({ sessionId: 'x'.repeat(20) }),
      }),
      await backend.fetch(`${backend.url}/api/v2/session-tracker/heartbeat`, { method: 'POST', headers: { origin } }),
      await backend.fetch(`${backend.url}/api/health`, { headers: { origin } }),
      await backend.fetch(`${backend.url}/api/ping`, { headers: { origin } }),
    ]
    expect(answers.map((response) => response.status)).toEqual([413, 401, 200, 503])
    for (const response of answers) expect(response.headers.get('access-control-allow-origin')).toBe(origin)
  })

  it('delays responses on its clock for a latency fault', async () => {
    const clock = createSimulatedClock()
    const backend = await createMockBackend({ clock })
    backend.faults.add({ path: '/api/health', kind: 'latency', latencyMs: 2_000 })
    let settled = false
    const pending = backend.fetch(`${backend.url}/api/health`).then((response) => {
      settled = true
      return response
    })
    await clock.tickAsync(1_999)
    expect(settled).toBe(false)
    await clock.tickAsync(1)
    expect((await pending).status).toBe(200)
  })

  it('answers a zero-latency fault without waiting on its clock', async () => {
    const clock = createSimulatedClock()
    const backend = await createMockBackend({ clock })
    backend.faults.add({ path: '/api/health', kind: 'latency', latencyMs: 0 })
    expect((await backend.fetch(`${backend.url}/api/health`)).status).toBe(200)
    expect(clock.pendingTimers()).toBe(0)
  })

  it('does the work, then drops the response as a network failure', async () => {
    const backend = await createMockBackend()
    const token = await learnerToken(backend)
    backend.faults.add({ path: '/api/v2/session-tracker', kind: 'drop', count: 1 })
    const sessionId = `${demoAccounts.learner.id}_dropped`
    await expect(
      backend.fetch(`${backend.url}/api/v2/session-tracker`, json({ sessionId, userAgent: 'x' }, token)),
    ).rejects.toThrow(TypeError)
    // The same for a browser's request, which goes through CORS first.
    backend.faults.add({ path: '/api/v2/session-tracker', kind: 'drop', count: 1 })
    const fromPage = json({ sessionId: `${sessionId}_page`, userAgent: 'x' }, token)
    await expect(
      backend.fetch(`${backend.url}/api/v2/session-tracker`, {
        ...fromPage,
        headers: { ...(fromPage.headers as Record<string, string>), origin: 'http://localhost:5173' },
      }),
    ).rejects.toThrow(TypeError)
    const list = await backend.fetch(`${backend.url}/api/v2/session-tracker/sessions`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect((await list.json()).sessions.map((item: { id: string }) => item.id)).toEqual([
      sessionId,
      `${sessionId}_page`,
    ])
  })

  it('takes a Request as fetch does, with or without init to apply on top', async () => {
    const backend = await createMockBackend()
    const token = await learnerToken(backend)
    const url = `${backend.url}/api/v2/session-tracker`
    const sessionId = `${demoAccounts.learner.id}_request`
    const request = new Request(url, json({ sessionId, userAgent: 'x' }, token))
    expect((await backend.fetch(request)).status).toBe(200)
    expect(request.bodyUsed).toBe(true)
    const list = new Request(`${url}/sessions`, { method: 'POST' })
    const listed = await backend.fetch(list, { method: 'GET', headers: { authorization: `Bearer ${token}` } })
    expect((await listed.json()).sessions.map((item: { id: string }) => item.id)).toEqual([sessionId])
    const controller = new AbortController()
    controller.abort()
    await expect(backend.fetch(new Request(url, { signal: controller.signal }))).rejects.toMatchObject({
      name: 'AbortError',
    })
  })

  it('answers a sign-in, a refresh and the tracker without waiting on the event loop', async () => {
    const backend = await createMockBackend()
    const auth = { 'content-type': 'application/json', apikey: backend.anonKey }
    let turned = false
    const immediate = setImmediate(() => {
      turned = true
    })
    const signIn = await backend.fetch(`${backend.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ email: demoAccounts.learner.email, password: DEMO_PASSWORD }),
    })
    const session = await signIn.json()
    const refreshed = await backend.fetch(`${backend.url}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ refresh_token: session.refresh_token }),
    })
    const { access_token: token } = await refreshed.json()
    const sessionId = `${demoAccounts.learner.id}_same-turn`
    const registered = await backend.fetch(
      `${backend.url}/api/v2/session-tracker`,
      json({ sessionId, userAgent: 'x' }, session.access_token),
    )
    const beat = await backend.fetch(`${backend.url}/api/v2/session-tracker/heartbeat`, json({ sessionId }, token))
    await beat.text()
    expect(turned).toBe(false)
    clearImmediate(immediate)
    expect([signIn.status, refreshed.status, registered.status, beat.status]).toEqual([200, 200, 200, 200])
  })

  it('honours an aborted signal like fetch', async () => {
    const backend = await createMockBackend()
    const controller = new AbortController()
    controller.abort()
    await expect(backend.fetch(`${backend.url}/api/health`, { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    })
  })

  it('rejects with the abort when the signal fires while the answer is on its way', async () => {
    const clock = createSimulatedClock()
    const backend = await createMockBackend({ clock })
    backend.faults.add({ path: '/api/health', kind: 'latency', latencyMs: 1_000 })
    const controller = new AbortController()
    const answer = backend.fetch(`${backend.url}/api/health`, { signal: controller.signal })
    const settled = vi.fn()
    answer.then(settled, settled)
    await clock.tickAsync(500)
    expect(settled).not.toHaveBeenCalled()
    controller.abort()
    await expect(answer).rejects.toMatchObject({ name: 'AbortError' })
  })

  it('keeps no listener on a signal once the answer is in', async () => {
    const backend = await createMockBackend()
    const controller = new AbortController()
    const added = vi.spyOn(controller.signal, 'addEventListener')
    const removed = vi.spyOn(controller.signal, 'removeEventListener')
    const response = await backend.fetch(`${backend.url}/api/health`, { signal: controller.signal })
    expect(response.status).toBe(200)
    expect(added).toHaveBeenCalledTimes(1)
    expect(removed).toHaveBeenCalledTimes(1)
    expect(removed.mock.calls[0]?.[1]).toBe(added.mock.calls[0]?.[1])
  })

  it('answers CORS preflights for the headers supabase-js sends', async () => {
    const backend = await createMockBackend({ corsOrigins: ['http://localhost:5173'] })
    const response = await backend.fetch(`${backend.url}/auth/v1/token?grant_type=password`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'apikey,authorization,content-type,x-client-info',
      },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    expect(response.headers.get('access-control-allow-headers')).toMatch(/apikey/)
  })
})

describe('/__dev', () => {
  it('sets, lists and clears faults over HTTP, refusing bad rules', async () => {
    const backend = await createMockBackend()
    const base = `${backend.url}/__dev/faults`
    const created = await backend.fetch(base, json({ path: '/api/ping', kind: 'status', status: 500, count: 1 }))
    expect(created.status).toBe(201)
    const { fault } = await created.json()
    expect((await (await backend.fetch(base)).json()).faults).toHaveLength(1)
    expect((await backend.fetch(`${backend.url}/api/ping`)).status).toBe(500)
    expect((await backend.fetch(`${backend.url}/api/ping`)).status).toBe(200)
    const bad = await backend.fetch(base, json({ path: '/x', kind: 'latency' }))
    expect(bad.status).toBe(400)
    expect((await bad.json()).message).toMatch(/latencyMs/)
    expect((await backend.fetch(`${base}/${fault.id}`, { method: 'DELETE' })).status).toBe(404)
    await backend.fetch(base, json({ path: '/api/ping', kind: 'drop' }))
    expect((await backend.fetch(base, { method: 'DELETE' })).status).toBe(200)
    expect((await (await backend.fetch(base)).json()).faults).toEqual([])
  })

  it('shows the state the server holds', async () => {
    const backend = await createMockBackend({ deviceLimit: 3 })
    const state = await (await backend.fetch(`${backend.url}/__dev/state`)).json()
    expect(state).toMatchObject({ deviceLimit: 3, sessionLeaseMs: 40 * 60_000 })
  })

  it("backdates a device's last contact, so its lease runs out and its next heartbeat hears why", async () => {
    const backend = await createMockBackend()
    const token = await learnerToken(backend)
    const sessionId = `${demoAccounts.learner.id}_sleeper`
    await backend.fetch(`${backend.url}/api/v2/session-tracker`, json({ sessionId, userAgent: 'Chrome' }, token))
    const backdate = (body: unknown, id = sessionId) =>
      backend.fetch(`${backend.url}/__dev/devices/${id}/backdate`, json(body))
    expect((await backdate({ ms: -1 })).status).toBe(400)
    expect((await backdate({ ms: 41 * 60_000 }, 'no-such-session')).status).toBe(404)
    const moved = await backdate({ ms: 41 * 60_000 })
    expect(moved.status).toBe(200)
    expect(await moved.json()).toMatchObject({ sessionId })
    const beat = await backend.fetch(`${backend.url}/api/v2/session-tracker/heartbeat`, json({ sessionId }, token))
    expect(beat.status).toBe(401)
    expect(await beat.json()).toMatchObject({ code: 'SESSION_REVOKED', reason: 'expired' })
  })

  it('forgets a device as a restart does: its next heartbeat hears reason unknown', async () => {
    const backend = await createMockBackend()
    const token = await learnerToken(backend)
    const sessionId = `${demoAccounts.learner.id}_forgotten`
    await backend.fetch(`${backend.url}/api/v2/session-tracker`, json({ sessionId, userAgent: 'Chrome' }, token))
    const forget = (id = sessionId) => backend.fetch(`${backend.url}/__dev/devices/${id}/forget`, { method: 'POST' })
    expect((await forget('no-such-session')).status).toBe(404)
    expect(await (await forget()).json()).toEqual({ sessionId })
    const beat = await backend.fetch(`${backend.url}/api/v2/session-tracker/heartbeat`, json({ sessionId }, token))
    expect(beat.status).toBe(401)
    expect(await beat.json()).toMatchObject({ code: 'SESSION_REVOKED', reason: 'unknown' })
  })

  it('requires an e-mail for the mailbox', async () => {
    const backend = await createMockBackend()
    expect((await backend.fetch(`${backend.url}/__dev/mailbox`)).status).toBe(400)
    const empty = await (await backend.fetch(`${backend.url}/__dev/mailbox?email=nobody@coursekit.dev`)).json()
    expect(empty.messages).toEqual([])
  })
})
