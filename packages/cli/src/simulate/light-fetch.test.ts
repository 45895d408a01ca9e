import { describe, expect, it } from 'vitest'
import { useLightFetchClasses } from './light-fetch.ts'
import { runSimulationPart, type SimulationSettings } from './part.ts'

const native = { Request: globalThis.Request, Response: globalThis.Response, Headers: globalThis.Headers }
const isNative = () =>
  globalThis.Request === native.Request &&
  globalThis.Response === native.Response &&
  globalThis.Headers === native.Headers

describe('useLightFetchClasses', () => {
  it('swaps the three classes for ones that carry a request and a response the same way', async () => {
    const release = useLightFetchClasses()
    try {
      expect(globalThis.Request).not.toBe(native.Request)
      expect(globalThis.Response).not.toBe(native.Response)
      expect(globalThis.Headers).not.toBe(native.Headers)
      const body = JSON.stringify({ sessionId: '세션' })
      const request = new Request('http://127.0.0.1:54321/api/v2/session-tracker/heartbeat?x=1', {
        method: 'post',
        headers: new Headers({ Authorization: 'Bearer t', 'content-type': 'application/json' }),
        body,
      })
      expect(request.method).toBe('POST')
      expect(request.url).toBe('http://127.0.0.1:54321/api/v2/session-tracker/heartbeat?x=1')
      expect(request.headers.get('authorization')).toBe('Bearer t')
      // The length a network request would state, in UTF-8 bytes (the body limit reads it).
      expect(request.headers.get('content-length')).toBe(String(new TextEncoder().encode(body).length))
      expect(await request.json()).toEqual({ sessionId: '세션' })

      const response = new Response(JSON.stringify({ ok: true }), {
        status: 201,
        headers: { 'Content-Type': 'application/json' },
      })
      expect(response.status).toBe(201)
      expect(response.ok).toBe(true)
      expect(response.headers.get('content-type')).toBe('application/json')
      expect(await response.text()).toBe('{"ok":true}')
      expect(new Response(null, { status: 204 }).body).toBeNull()
    } finally {
      release()
    }
    expect(isNative()).toBe(true)
  })

  it('is shared by overlapping holders; the last release puts the native classes back, once', () => {
    const first = useLightFetchClasses()
    const second = useLightFetchClasses()
    first()
    first()
    expect(isNative()).toBe(false)
    second()
    expect(isNative()).toBe(true)
    second()
    expect(isNative()).toBe(true)
  })

  it('holds for an embedded simulation run and is released when it ends', async () => {
    const settings: SimulationSettings = {
      devices: 3,
      users: 2,
      deviceLimit: 2,
      watchRatio: 0.5,
      durationMs: 30 * 60_000,
      rampUpMs: 60_000,
      seed: 'light-fetch',
      clock: 'virtual',
      target: { kind: 'embedded' },
    }
    const seen = new Set<boolean>()
    const totals = await runSimulationPart(settings, { index: 0, of: 1 }, { emit: () => seen.add(isNative()) })
    expect(seen).toEqual(new Set([false]))
    expect(totals.events.signedIn).toBe(3)
    expect(totals.traffic.byEndpoint['POST /api/v2/session-tracker/heartbeat']?.['200']).toBeGreaterThan(0)
    expect(isNative()).toBe(true)
  })
})
