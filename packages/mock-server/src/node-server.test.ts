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

  it('reports a port in use', async () => {
    server = await startMockServer({ port: 0 })
    await expect(startMockServer({ port: server.port })).rejects.toMatchObject({ code: 'EADDRINUSE' })
  })
})
