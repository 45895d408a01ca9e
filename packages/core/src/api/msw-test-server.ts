/**
 * Test-only (not exported): one msw server per test file, listening for the whole file, with its
 * handlers and listeners reset after each test. Unhandled requests fail the test.
 */
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll } from 'vitest'

export function useMswServer(): ReturnType<typeof setupServer> {
  const server = setupServer()
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  afterEach(() => {
    server.resetHandlers()
    server.events.removeAllListeners()
  })
  afterAll(() => server.close())
  return server
}
