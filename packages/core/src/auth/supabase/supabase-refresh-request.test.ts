import { DEMO_PASSWORD, demoAccounts } from '@coursekit/mock-server'
import { createWorld } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import type { FetchLike } from '../../kernel/ports.ts'
import { storageKeys } from '../../kernel/storage-keys.ts'
import { createMemoryStorage } from '../../platform/memory-storage.ts'
import { createSupabaseClient } from './supabase-client.ts'
import { createRefreshRequest } from './supabase-refresh-request.ts'

/** The core's supabase-js against the mock on a simulated clock, signed in as the learner. */
async function signedIn() {
  const world = await createWorld()
  const sent: { url: string; headers: Headers; body: string }[] = []
  const fetch: FetchLike = (input, init) => {
    sent.push({ url: String(input), headers: new Headers(init?.headers), body: String(init?.body) })
    return world.backend.fetch(input, init)
  }
  const storage = createMemoryStorage()
  const made = await createSupabaseClient({
    url: world.backend.url,
    anonKey: world.backend.anonKey,
    fetch,
    storage,
    autoRefreshToken: false,
  })
  const { data } = await made.auth.signInWithPassword({ email: demoAccounts.learner.email, password: DEMO_PASSWORD })
  if (!data.session) throw new Error('sign-in failed')
  sent.length = 0
  return { ...world, made, storage, sent, session: data.session }
}

describe('the refresh request', () => {
  it('is sent as supabase-js sends it, and its session is stored where supabase-js reads its own', async () => {
    const { backend, made, sent, session } = await signedIn()
    const answer = await made.refreshOnce(session.refresh_token)
    if (typeof answer === 'string') throw new Error(answer)
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({
      url: `${backend.url}/auth/v1/token?grant_type=refresh_token`,
      body: JSON.stringify({ refresh_token: session.refresh_token }),
    })
    expect(sent[0]?.headers.get('apikey')).toBe(backend.anonKey)
    expect(sent[0]?.headers.get('authorization')).toBe(`Bearer ${backend.anonKey}`)
    expect(answer.session.refresh_token).not.toBe(session.refresh_token)
    const kept = (await made.auth.getSession()).data.session
    expect(kept).toMatchObject({
      access_token: answer.session.access_token,
      refresh_token: answer.session.refresh_token,
      user: { id: demoAccounts.learner.id },
    })
    expect(made.storedTokens()).toEqual({
      accessToken: answer.session.access_token,
      refreshToken: answer.session.refresh_token,
    })
    expect((await made.auth.getUser()).data.user?.id).toBe(demoAccounts.learner.id)
  })

  it('is unavailable on a 5xx or a lost answer and rejected on a refused token, storing nothing', async () => {
    const { backend, made, storage, sent, session } = await signedIn()
    const before = storage.get(storageKeys.supabaseAuth)
    for (const status of [500, 503, 504]) {
      backend.faults.add({ path: '/auth/v1/token', kind: 'status', status, count: 1 })
      expect(await made.refreshOnce(session.refresh_token)).toBe('unavailable')
    }
    backend.faults.add({ path: '/auth/v1/token', kind: 'drop', count: 1 })
    expect(await made.refreshOnce(session.refresh_token)).toBe('unavailable')
    expect(await made.refreshOnce('f'.repeat(32))).toBe('rejected')
    expect(sent).toHaveLength(5)
    expect(storage.get(storageKeys.supabaseAuth)).toBe(before)
  })

  it('does not bring back a session signed out while the request was on its way', async () => {
    const { backend, clock, made, storage, session } = await signedIn()
    backend.faults.add({ path: '/auth/v1/token', kind: 'latency', latencyMs: 1_000, count: 1 })
    const answer = made.refreshOnce(session.refresh_token)
    await clock.tickAsync(100)
    // As supabase-js's local sign-out removes it (its call to the server may fail, offline).
    storage.remove(storageKeys.supabaseAuth)
    await clock.tickAsync(1_000)
    expect(await answer).toBe('no-session')
    expect(storage.get(storageKeys.supabaseAuth)).toBeNull()
    expect((await made.auth.getSession()).data.session).toBeNull()
  })

  it('is unavailable when the answer is not JSON, rejected when it holds no session', async () => {
    const storage = createMemoryStorage()
    const answering =
      (body: string): FetchLike =>
      async () =>
        new Response(body, { status: 200 })
    const request = (body: string) =>
      createRefreshRequest({
        authUrl: 'https://auth.example.com/auth/v1',
        headers: {},
        fetch: answering(body),
        save: (json) => {
          storage.set('session', json)
          return true
        },
      })('r0')
    expect(await request('<html>')).toBe('unavailable')
    expect(await request(JSON.stringify({ access_token: 'a', expires_in: 3600 }))).toBe('rejected')
    expect(storage.entries()).toEqual({})
  })

  it('is unavailable when the fetch port answers Response.error() or no Response, as when it rejects', async () => {
    const answers: unknown[] = [Response.error(), undefined, { status: 401 }]
    for (const answer of answers) {
      const saved: string[] = []
      const request = createRefreshRequest({
        authUrl: 'https://auth.example.com/auth/v1',
        headers: {},
        fetch: (async () => answer) as unknown as FetchLike,
        save: (json) => {
          saved.push(json)
          return true
        },
      })
      expect(await request('r0')).toBe('unavailable')
      expect(saved).toEqual([])
    }
  })
})
