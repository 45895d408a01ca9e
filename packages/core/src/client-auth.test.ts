import { DEMO_PASSWORD, demoAccounts } from '@coursekit/mock-server'
import { createWorld } from '@coursekit/testkit'
import { createClient } from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'
import type { ApiAuthPort } from './api/api-auth-port.ts'
import { authPage, HOUR } from './auth/auth-test-page.ts'
import { createCourseClient } from './client.ts'
import type { FetchLike } from './kernel/ports.ts'
import { memoryPlatform } from './platform/memory-platform.ts'

describe('client.auth', () => {
  it("exists with supabaseUrl and supabaseAnonKey, starts with the client, and is the API client's auth source", async () => {
    const h = authPage(await createWorld())
    expect(h.auth.store.getState().status).toBe('loading')
    h.client.start()
    await h.auth.start()
    expect(h.auth.store.getState().status).toBe('unauthenticated')
    expect((await h.client.api.currentUser()).error).toBe('로그인이 필요합니다.')
    await h.auth.signInWithPassword(demoAccounts.learner.email, DEMO_PASSWORD)
    const me = await h.client.api.currentUser()
    expect(me.ok && me.data.id).toBe(demoAccounts.learner.id)
  })

  it('is null without Supabase settings', () => {
    const client = createCourseClient({ apiBaseUrl: 'https://api.coursekit.test', platform: memoryPlatform() })
    expect(client.auth).toBeNull()
  })

  it('uses a supabase client passed in', async () => {
    const { clock, backend } = await createWorld()
    const storage = new Map<string, string>()
    const supabase = createClient(backend.url, backend.anonKey, {
      global: { fetch: backend.fetch },
      auth: {
        autoRefreshToken: false,
        detectSessionInUrl: false,
        storage: {
          getItem: (k) => storage.get(k) ?? null,
          setItem: (k, v) => void storage.set(k, v),
          removeItem: (k) => void storage.delete(k),
        },
      },
    })
    const client = createCourseClient({
      apiBaseUrl: backend.url,
      supabase,
      platform: memoryPlatform(),
      clock,
      fetch: backend.fetch,
    })
    const result = await client.auth!.signInWithPassword(demoAccounts.admin.email, DEMO_PASSWORD)
    expect(result.status).toBe('signed-in')
    expect(client.auth!.store.getState().role).toBe('ADMIN')
    expect([...storage.keys()].some((key) => key.endsWith('-auth-token'))).toBe(true)
  })

  it('keeps an apiAuth override for the API client', async () => {
    const { clock, backend } = await createWorld()
    const seen: (string | null)[] = []
    const fetch: FetchLike = (input, init) => {
      seen.push(new Headers(new Request(input, init).headers).get('authorization'))
      return backend.fetch(input, init)
    }
    const override: ApiAuthPort = {
      getAccessToken: () => 'override-token',
      getUserId: () => 'someone',
      whenInitialized: () => null,
      isAuthenticated: () => true,
      refresh: async () => false,
      logout: async () => {},
      isVideoPlaying: () => true,
      logoutInProgress: false,
    }
    const client = createCourseClient({
      apiBaseUrl: backend.url,
      supabaseUrl: backend.url,
      supabaseAnonKey: backend.anonKey,
      apiAuth: override,
      platform: memoryPlatform(),
      clock,
      fetch,
    })
    expect(client.auth).not.toBeNull()
    await client.api.get('/api/v2/session-tracker/sessions')
    expect(seen).toEqual(['Bearer override-token'])
  })

  it('dispose stops the auth service: no refresh timer is left', async () => {
    const h = authPage(await createWorld())
    await h.auth.signInWithPassword(demoAccounts.learner.email, DEMO_PASSWORD)
    expect(h.clock.pendingTimers()).toBeGreaterThan(0)
    h.client.dispose()
    expect(h.clock.pendingTimers()).toBe(0)
    const before = h.requests.length
    await h.advance(2 * HOUR, HOUR / 2)
    expect(h.requests.length).toBe(before)
  })
})
