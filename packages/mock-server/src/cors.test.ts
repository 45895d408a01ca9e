import { describe, expect, it } from 'vitest'
import { createMockBackend } from './backend.ts'

const APP = 'http://localhost:5173'
const EXPOSED = 'content-disposition,x-supabase-api-version,content-range,accept-ranges,content-length'

const corsHeaders = (response: Response) =>
  Object.fromEntries([...response.headers].filter(([name]) => name.startsWith('access-control-') || name === 'vary'))

describe('CORS', () => {
  it('answers a preflight with everything a browser checks, before any other rule', async () => {
    const backend = await createMockBackend()
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
    const backend = await createMockBackend({ maxBodyBytes: 16 })
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
})
