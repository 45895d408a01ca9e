import { DEMO_PASSWORD, demoAccounts } from '@coursekit/mock-server'
import { createWorld } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import type { FetchLike } from '../../kernel/ports.ts'
import { createMemoryBroadcast } from '../../platform/memory-broadcast.ts'
import { createMemoryLocks } from '../../platform/memory-locks.ts'
import { authPage } from '../auth-test-page.ts'
import { laggingStoragePair } from './lagging-tabs.ts'

const { learner } = demoAccounts
const STORAGE_LAG_MS = 5_000

/** Every answer a tab gets, as `status METHOD path`. */
function answersOf(seen: string[]) {
  return (fetch: FetchLike): FetchLike =>
    async (input, init) => {
      const request = new Request(input, init)
      const response = await fetch(request)
      seen.push(`${response.status} ${request.method} ${new URL(request.url).pathname}`)
      return response
    }
}

describe('a sign-out heard by a tab whose storage still shows the session', () => {
  it('ends that tab without a call to the auth server: the session is the one the other tab ended, so no 403 comes back', async () => {
    const world = await createWorld()
    const [firstStorage, secondStorage] = laggingStoragePair(world.clock, STORAGE_LAG_MS)
    const browser = { sharedBroadcast: createMemoryBroadcast(), sharedLocks: createMemoryLocks() }
    const first = authPage(world, { ...browser, sharedStorage: firstStorage })
    await first.auth.start()
    expect((await first.auth.signInWithPassword(learner.email, DEMO_PASSWORD)).status).toBe('signed-in')
    await world.clock.tickAsync(STORAGE_LAG_MS)
    const secondAnswers: string[] = []
    const second = authPage(world, {
      ...browser,
      sharedStorage: secondStorage,
      wrapFetch: answersOf(secondAnswers),
    })
    await second.auth.start()
    expect(second.auth.store.getState().status).toBe('authenticated')
    secondAnswers.length = 0

    // The first tab's removal of the session reaches the second tab's storage only after its message.
    await first.auth.logout()
    await second.idle()
    expect(second.auth.store.getState()).toMatchObject({ status: 'unauthenticated', user: null, token: null })
    expect(second.authEvents.find((event) => event.type === 'signedOut')?.payload).toEqual({
      userId: learner.id,
      reason: 'other-tab',
    })
    expect(secondAnswers).toEqual([])
    // Nothing of the session is left in either tab's storage, now or once the writes have crossed.
    expect(secondStorage.get('coursekit.supabase.auth')).toBeNull()
    await world.clock.tickAsync(STORAGE_LAG_MS)
    for (const storage of [firstStorage, secondStorage]) {
      expect(storage.get('coursekit.supabase.auth')).toBeNull()
      expect(storage.get('auth_token')).toBeNull()
    }
  })

  it('a session of its own (not the one the other tab ended) is still ended on the auth server', async () => {
    const world = await createWorld()
    const broadcast = createMemoryBroadcast()
    // Two storages: each tab signed in by itself, with a session of its own.
    const first = authPage(world, { sharedBroadcast: broadcast })
    await first.auth.start()
    expect((await first.auth.signInWithPassword(learner.email, DEMO_PASSWORD)).status).toBe('signed-in')
    const secondAnswers: string[] = []
    const second = authPage(world, { sharedBroadcast: broadcast, wrapFetch: answersOf(secondAnswers) })
    await second.auth.start()
    expect((await second.auth.signInWithPassword(learner.email, DEMO_PASSWORD)).status).toBe('signed-in')
    const refreshToken = JSON.parse(second.platform.storage.get('coursekit.supabase.auth')!).refresh_token
    secondAnswers.length = 0

    await first.auth.logout()
    await second.idle()
    expect(second.auth.store.getState().status).toBe('unauthenticated')
    expect(secondAnswers).toEqual(['204 POST /auth/v1/logout'])
    // Its refresh token was revoked with it.
    const refused = await world.backend.fetch(`${world.backend.url}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { apikey: world.backend.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: refreshToken }),
    })
    expect(refused.status).toBe(400)
  })
})
