/**
 * Test-only (not exported): a client wired to a fresh mock backend through msw, on one simulated
 * clock shared by the client and the backend, with a scriptable ApiAuthPort.
 */
import { createMockBackend, demoAccounts, type MockBackend } from '@coursekit/mock-server'
import { createMswHandlers } from '@coursekit/mock-server/msw'
import type { SetupServer } from 'msw/node'
import { type CourseClient, type CourseClientOptions, createCourseClient } from '../client.ts'
import type { Navigation, Notice } from '../kernel/emitter.ts'
import { type MemoryPlatform, memoryPlatform } from '../platform/memory-platform.ts'
import { createSimulatedClock, type SimulatedClock } from '../testing/index.ts'
import type { ApiAuthPort } from './api-auth-port.ts'

/** An ApiAuthPort a test drives by hand; it counts what the API client asked of it. */
export class FakeAuth implements ApiAuthPort {
  token: string | null = null
  userId: string | null = null
  initialized = true
  videoPlaying = false
  logoutInProgress = false
  /** What refresh() does; default: fails. */
  onRefresh: () => Promise<boolean> = async () => false
  refreshCalls = 0
  logoutCalls = 0

  getAccessToken() {
    return this.token
  }
  getUserId() {
    return this.userId
  }
  isInitialized() {
    return this.initialized
  }
  isAuthenticated() {
    return this.token !== null
  }
  isVideoPlaying() {
    return this.videoPlaying
  }
  async refresh() {
    this.refreshCalls++
    return this.onRefresh()
  }
  async logout() {
    this.logoutCalls++
    this.logoutInProgress = true
    await Promise.resolve()
    this.token = null
    this.userId = null
    this.logoutInProgress = false
  }
}

export async function signToken(backend: MockBackend, account: { id: string; email: string } = demoAccounts.learner) {
  const { token } = await backend.context.tokens.signAccessToken({
    sub: account.id,
    email: account.email,
    session_id: 's',
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: {},
    amr: [],
  })
  return token
}

export interface Harness {
  clock: SimulatedClock
  backend: MockBackend
  platform: MemoryPlatform
  auth: FakeAuth
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
  const clock = createSimulatedClock()
  const backend = await createMockBackend({ clock })
  server.use(...createMswHandlers(backend))
  const { pageUrl, ...clientOptions } = options
  const platform = memoryPlatform({ url: pageUrl ?? 'https://app.coursekit.test/courses' })
  const auth = new FakeAuth()
  const client = createCourseClient({ apiBaseUrl: backend.url, ...clientOptions, platform, clock, apiAuth: auth })
  const notices: Notice[] = []
  const navigations: Navigation[] = []
  client.events.on('notice', (notice) => notices.push(notice))
  client.events.on('navigate', (navigation) => navigations.push(navigation))
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
