import { afterEach, describe, expect, it } from 'vitest'
import { type MockServer, startMockServer } from './node-server.ts'

describe('startMockServer', () => {
  let server: MockServer | undefined
  afterEach(async () => {
    await server?.close()
    server = undefined
  })

  it('serves the backend on a loopback port and uses that URL in its links', async () => {
    server = await startMockServer({ port: 0 })
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(server.backend.url).toBe(server.url)
    const response = await fetch(`${server.url}/api/health`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'ok' })
  })

  it('cuts the connection for a dropped-response fault', async () => {
    server = await startMockServer({ port: 0 })
    server.backend.faults.add({ path: '/api/health', kind: 'drop', count: 1 })
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow(TypeError)
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200)
  })

  it('serves a lesson video over HTTP with Range (206) and HEAD, as a <video> element asks for it', async () => {
    server = await startMockServer({ port: 0 })
    const whole = await fetch(`${server.url}/media/video-101-1`, { method: 'HEAD' })
    const size = Number(whole.headers.get('content-length'))
    expect([whole.status, whole.headers.get('accept-ranges'), size > 1000]).toEqual([200, 'bytes', true])
    const part = await fetch(`${server.url}/media/video-101-1`, { headers: { range: 'bytes=100-199' } })
    expect([part.status, part.headers.get('content-range')]).toEqual([206, `bytes 100-199/${size}`])
    expect((await part.arrayBuffer()).byteLength).toBe(100)
  })

  it('reports a port in use', async () => {
    server = await startMockServer({ port: 0 })
    await expect(startMockServer({ port: server.port })).rejects.toMatchObject({ code: 'EADDRINUSE' })
  })
})

describe('startMockServer with corsOrigins, over loopback HTTP', () => {
  it('lets the configured origin read answers, and not another site or /__dev', async () => {
    const server = await startMockServer({ port: 0, corsOrigins: ['http://localhost:5173'] })
    try {
      const allow = async (path: string, origin: string) =>
        (await fetch(`${server.url}${path}`, { headers: { origin } })).headers.get('access-control-allow-origin')
      expect(await allow('/api/health', 'http://localhost:5173')).toBe('http://localhost:5173')
      expect(await allow('/api/health', server.url)).toBe(server.url)
      expect(await allow('/api/health', 'https://evil.example')).toBeNull()
      expect(await allow('/__dev/state', 'http://localhost:5173')).toBeNull()
    } finally {
      await server.close()
    }
  })
})
