import { DEMO_PASSWORD, demoAccounts } from '@coursekit/mock-server'
import { createWorld } from '@coursekit/testkit'
import { createClient } from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'
import { createCourseClient } from '../client.ts'
import { memoryPlatform } from '../platform/memory-platform.ts'

/** A client on `platform` whose supabase-js host counts how often its auth client is asked for. */
async function countingClient(world: Awaited<ReturnType<typeof createWorld>>, platform = memoryPlatform()) {
  const { clock, backend } = world
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
  let asked = 0
  const host = {
    get auth() {
      asked++
      return supabase.auth
    },
  }
  const client = createCourseClient({ apiBaseUrl: backend.url, supabase: host, platform, clock, fetch: backend.fetch })
  return { client, platform, asked: () => asked }
}

describe('auth-js is set up when something needs it', () => {
  it('not for a visitor with nothing stored: start-up settles signed out without it; a sign-in sets it up', async () => {
    const world = await createWorld()
    const { client, asked } = await countingClient(world)
    client.start()
    await client.auth!.start()
    expect(client.auth!.store.getState().status).toBe('unauthenticated')
    expect(client.auth!.apiAuth.whenInitialized()).toBeNull()
    expect(asked()).toBe(0)

    const result = await client.auth!.signInWithPassword(demoAccounts.learner.email, DEMO_PASSWORD)
    expect(result.status).toBe('signed-in')
    expect(asked()).toBe(1)
    client.dispose()
  })

  it('at start-up when a session is stored, which it restores', async () => {
    const world = await createWorld()
    const first = await countingClient(world)
    await first.client.auth!.signInWithPassword(demoAccounts.learner.email, DEMO_PASSWORD)
    first.client.dispose()

    const next = await countingClient(world, first.platform)
    next.client.start()
    await next.client.auth!.start()
    expect(next.asked()).toBe(1)
    expect(next.client.auth!.store.getState()).toMatchObject({
      status: 'authenticated',
      user: { id: demoAccounts.learner.id },
    })
    next.client.dispose()
  })
})
