import { describe, expect, it } from 'vitest'
import { createMockBackend, type MockBackend } from './backend.ts'
import { DEV_ROUTES_LOOPBACK_ONLY } from './loopback.ts'

const CONSENT =
  '/auth/v1/authorize/consent?provider=google&redirect_to=http://127.0.0.1:54321/&email=admin@coursekit.dev'
const DEV_ROUTES = [
  '/__dev/mailbox?email=learner@coursekit.dev',
  '/__dev/state',
  '/__dev/faults',
  '/auth/v1/authorize?provider=google',
  CONSENT,
]

const from = (backend: MockBackend, path: string, remoteAddress?: string) =>
  backend.handler(new Request(`${backend.url}${path}`), remoteAddress === undefined ? undefined : { remoteAddress })

describe('the development routes answer this machine only (the peer address the host names)', () => {
  it.each(['10.200.0.2', '172.16.5.9', '192.168.1.20', '::ffff:10.200.0.2', 'fe80::1', ''])(
    'a client at %j gets 403 with the reason, and the rest of the API as usual',
    async (peer) => {
      const backend = await createMockBackend()
      for (const path of DEV_ROUTES) {
        const answer = await from(backend, path, peer)
        expect({ path, status: answer.status }).toEqual({ path, status: 403 })
        expect(JSON.stringify(await answer.json())).toContain(DEV_ROUTES_LOOPBACK_ONLY)
      }
      expect((await from(backend, '/api/health', peer)).status).toBe(200)
      expect((await from(backend, '/auth/v1/health', peer)).status).toBe(401) // the gateway: no apikey
      expect(backend.context.authSessions.snapshot()).toEqual([])
    },
  )

  it.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])('a loopback client at %s is served', async (peer) => {
    const backend = await createMockBackend()
    for (const path of DEV_ROUTES.slice(0, 4)) expect((await from(backend, path, peer)).status, path).toBe(200)
    expect((await from(backend, CONSENT, peer)).status).toBe(303)
  })

  it('an in-process request (no peer: the backend’s fetch, msw) is this process itself', async () => {
    const backend = await createMockBackend()
    expect((await backend.fetch(`${backend.url}/__dev/state`)).status).toBe(200)
    expect((await from(backend, CONSENT)).status).toBe(303)
  })

  it('exposeDevRoutes opens them to every client', async () => {
    const backend = await createMockBackend({ exposeDevRoutes: true })
    expect((await from(backend, '/__dev/state', '10.200.0.2')).status).toBe(200)
    expect((await from(backend, CONSENT, '10.200.0.2')).status).toBe(303)
  })
})
