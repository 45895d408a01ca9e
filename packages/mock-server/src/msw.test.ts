import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMockBackend } from './backend.ts'
import { createMswHandlers } from './msw.ts'

const backend = await createMockBackend({ publicUrl: 'https://api.coursekit.test' })
const server = setupServer(...createMswHandlers(backend))

describe('createMswHandlers', () => {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  afterAll(() => server.close())

  it('answers the real fetch path for every route under the backend URL', async () => {
    const health = await fetch('https://api.coursekit.test/api/health')
    expect(health.status).toBe(200)
    const missing = await fetch('https://api.coursekit.test/api/v2/nowhere')
    expect(missing.status).toBe(401)
  })

  it('turns a dropped response into a network error', async () => {
    backend.faults.add({ path: '/api/ping', kind: 'drop', count: 1 })
    await expect(fetch('https://api.coursekit.test/api/ping')).rejects.toThrow(TypeError)
    expect((await fetch('https://api.coursekit.test/api/ping')).status).toBe(200)
  })
})
