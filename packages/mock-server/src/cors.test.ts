import { describe, expect, it } from 'vitest'
import { createMockBackend } from './backend.ts'

const APP = 'http://localhost:5173'
const EXPOSED = 'content-disposition,x-supabase-api-version,content-range,accept-ranges,content-length'

const corsHeaders = (response: Response) =>
  Object.fromEntries([...response.headers].filter(([name]) => name.startsWith('access-control-') || name === 'vary'))

describe('CORS', () => {
  it('answers a preflight with everything a browser checks, before any other rule', async () => {
    const backend = await createMockBackend({ corsOrigins: [APP] })
    const response = await backend.fetch(`${backend.url}/api/v2/session-tracker/heartbeat`, {
      method: 'OPTIONS',
      headers: {
        origin: APP,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization',
      },
    })
    expect(response.status).toBe(204)
    expect(await response.text()).toBe('')
    expect(corsHeaders(response)).toEqual({
      'access-control-allow-origin': APP,
      'access-control-allow-methods': 'GET,HEAD,POST,PUT,PATCH,DELETE,OPTIONS',
      'access-control-allow-headers':
        'authorization,apikey,content-type,x-client-info,x-supabase-api-version,user-agent,range,if-range',
      'access-control-expose-headers': EXPOSED,
      'access-control-max-age': '600',
      vary: 'Origin, Access-Control-Request-Headers',
    })
  })

  it('lets the page read every answer to a request with an Origin: success, refusal, error, auth', async () => {
    const backend = await createMockBackend({ maxBodyBytes: 16, corsOrigins: [APP] })
    const withOrigin = (path: string, init: RequestInit = {}) =>
      backend.fetch(`${backend.url}${path}`, { ...init, headers: { origin: APP, ...init.headers } })
    const answers = [
      await withOrigin('/api/health'),
      await withOrigin('/api/v2/session-tracker/sessions'),
      await withOrigin('/nowhere'),
      await withOrigin('/api/v2/session-tracker/end', {
        method: 'POST',
        body: JSON.stringify({ sessionId: 'x'.repeat(20) }),
      }),
      await withOrigin('/auth/v1/settings', { headers: { apikey: backend.anonKey } }),
    ]
    expect(answers.map((response) => response.status)).toEqual([200, 401, 404, 413, 200])
    for (const response of answers) {
      expect(corsHeaders(response)).toEqual({
        'access-control-allow-origin': APP,
        'access-control-expose-headers': EXPOSED,
        vary: 'Origin',
      })
    }
  })

  it('leaves the headers alone for a caller that sends no Origin: no browser will read them', async () => {
    const backend = await createMockBackend()
    for (const path of ['/api/health', '/api/v2/session-tracker/sessions', '/nowhere']) {
      expect(corsHeaders(await backend.fetch(`${backend.url}${path}`))).toEqual({})
    }
  })

  it('allows the backend’s own public origin (the site URL) without configuration, and no other', async () => {
    const backend = await createMockBackend({ publicUrl: 'http://localhost:4000' })
    const from = async (origin: string) =>
      corsHeaders(await backend.fetch(`${backend.url}/api/health`, { headers: { origin } }))
    expect(await from('http://localhost:4000')).toMatchObject({
      'access-control-allow-origin': 'http://localhost:4000',
    })
    for (const foreign of [APP, 'https://evil.example', 'http://localhost:40000', 'null']) {
      expect(await from(foreign)).not.toHaveProperty('access-control-allow-origin')
    }
  })

  it('gives another site nothing to read and no preflight to pass, on /api and /auth/v1', async () => {
    const backend = await createMockBackend({ corsOrigins: [APP] })
    const evil = 'https://evil.example'
    const preflight = await backend.fetch(`${backend.url}/auth/v1/recover`, {
      method: 'OPTIONS',
      headers: { origin: evil, 'access-control-request-method': 'POST', 'access-control-request-headers': 'apikey' },
    })
    expect(corsHeaders(preflight)).not.toHaveProperty('access-control-allow-origin')
    const answer = await backend.fetch(`${backend.url}/api/v2/courses`, { headers: { origin: evil } })
    expect(answer.status).toBe(200)
    expect(corsHeaders(answer)).not.toHaveProperty('access-control-allow-origin')
  })

  it('never answers /__dev with CORS, not even to an allowed origin: the dev mailbox holds sign-in links', async () => {
    const backend = await createMockBackend({ corsOrigins: [APP] })
    for (const path of ['/__dev/mailbox?email=learner@coursekit.dev', '/__dev/state', '/__dev/faults']) {
      const read = await backend.fetch(`${backend.url}${path}`, { headers: { origin: APP } })
      expect(read.status).toBe(200)
      expect(corsHeaders(read), path).toEqual({})
      const preflight = await backend.fetch(`${backend.url}${path}`, {
        method: 'OPTIONS',
        headers: { origin: APP, 'access-control-request-method': 'POST' },
      })
      expect(corsHeaders(preflight), path).toEqual({})
    }
  })

  it('refuses a configured origin that is not scheme://host[:port] with a RangeError naming the option', async () => {
    for (const bad of ['localhost:5173', 'http://localhost:5173/app', '*', 'file:///tmp', 'javascript:alert(1)']) {
      await expect(createMockBackend({ corsOrigins: [bad] }), bad).rejects.toThrow(/corsOrigins/)
    }
    await expect(createMockBackend({ corsOrigins: ['http://localhost:5173/'] })).resolves.toBeDefined()
  })
})
