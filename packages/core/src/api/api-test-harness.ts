/**
 * Test-only (not exported): a client of the test world reaching its backend through msw (the real
 * fetch path), with a hand-driven ApiAuthPort.
 */
import { demoAccounts, type MockBackend } from '@coursekit/mock-server'
import { createMswHandlers } from '@coursekit/mock-server/msw'
import { accessToken, createTestWorld, TestApiAuth } from '@coursekit/mock-server/testing'
import type { SetupServer } from 'msw/node'
import type { CourseClient, CourseClientOptions } from '../client.ts'
import type { Navigation, Notice } from '../kernel/emitter.ts'
import type { MemoryPlatform } from '../platform/memory-platform.ts'
import { APP_ORIGIN, type SimulatedClock } from '../testing/index.ts'

/** A valid token of the demo learner (or another account). */
export const signToken = (backend: MockBackend, account: { id: string; email: string } = demoAccounts.learner) =>
  accessToken(backend, account)

export interface Harness {
  clock: SimulatedClock
  backend: MockBackend
  platform: MemoryPlatform
  auth: TestApiAuth
  client: CourseClient
  api: CourseClient['api']
  /** A valid token of the demo learner. */
  token: string
  notices: Notice[]
  navigations: Navigation[]
  /** Signs the fake auth in as the demo learner with a valid token. */
  signIn(): void
}

export async function createHarness(
  server: SetupServer,
  options: Omit<Partial<CourseClientOptions>, 'apiBaseUrl' | 'platform' | 'clock' | 'apiAuth'> & {
    pageUrl?: string
  } = {},
): Promise<Harness> {
  const { clock, backend, device } = await createTestWorld()
  server.use(...createMswHandlers(backend))
  const { pageUrl, ...clientOptions } = options
  const auth = new TestApiAuth()
  const { platform, client, notices, navigations } = device({
    url: pageUrl ?? `${APP_ORIGIN}/courses`,
    // Looked up on each call, so msw's interception applies.
    fetch: (input, init) => fetch(input, init),
    client: { supabaseUrl: undefined, supabaseAnonKey: undefined, ...clientOptions, apiAuth: auth },
  })
  const token = await signToken(backend)
  return {
    clock,
    backend,
    platform,
    auth,
    client,
    api: client.api,
    token,
    notices,
    navigations,
    signIn() {
      auth.token = token
      auth.userId = demoAccounts.learner.id
    },
  }
}
