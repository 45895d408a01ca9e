import { DEMO_PASSWORD, demoAccounts } from '@coursekit/mock-server'
import { createTestWorld } from '@coursekit/mock-server/testing'
import { describe, expect, it } from 'vitest'
import type { Clock } from '../../kernel/clock.ts'
import { createMemoryBroadcast } from '../../platform/memory-broadcast.ts'
import { createMemoryLocks } from '../../platform/memory-locks.ts'
import type { MemoryStorage } from '../../platform/memory-storage.ts'
import { type AuthHarness, createAuthHarness, MINUTE } from '../auth-test-harness.ts'

const { learner } = demoAccounts
const STORAGE_LAG_MS = 5_000

/**
 * Local storage as two tabs in separate renderer processes see it: each tab reads its own writes at
 * once and the other tab's only `lagMs` later (on the simulated clock), long after a lock or a
 * broadcast message has passed between them.
 */
function laggingStoragePair(clock: Clock, lagMs: number): [MemoryStorage, MemoryStorage] {
  const views = [new Map<string, string>(), new Map<string, string>()]
  const view = (own: Map<string, string>, other: Map<string, string>): MemoryStorage => ({
    get: (key) => own.get(key) ?? null,
    set: (key, value) => {
      own.set(key, String(value))
      clock.setTimeout(() => other.set(key, String(value)), lagMs)
    },
    remove: (key) => {
      own.delete(key)
      clock.setTimeout(() => other.delete(key), lagMs)
    },
    entries: () => Object.fromEntries(own),
  })
  return [view(views[0]!, views[1]!), view(views[1]!, views[0]!)]
}

const refreshes = (...tabs: AuthHarness[]) =>
  tabs.flatMap((tab) => tab.requests).filter((request) => request === 'POST /auth/v1/token').length

describe('two tabs of one browser whose storage shows the other tab’s writes late', () => {
  it('send one refresh between them: the tab granted the lock next takes the session the other announced', async () => {
    const world = await createTestWorld()
    const [firstStorage, secondStorage] = laggingStoragePair(world.clock, STORAGE_LAG_MS)
    const browser = { world, sharedBroadcast: createMemoryBroadcast(), sharedLocks: createMemoryLocks() }
    const first = await createAuthHarness({ ...browser, sharedStorage: firstStorage })
    await first.auth.start()
    expect((await first.auth.signInWithPassword(learner.email, DEMO_PASSWORD)).status).toBe('signed-in')
    await world.clock.tickAsync(STORAGE_LAG_MS)
    const second = await createAuthHarness({ ...browser, sharedStorage: secondStorage })
    await second.auth.start()
    expect(second.auth.store.getState().status).toBe('authenticated')
    const signedInWith = first.auth.store.getState().token
    expect(second.auth.store.getState().token).toBe(signedInWith)
    first.device.requests.length = 0
    second.device.requests.length = 0

    // Both timers come from the same exp and fire at the same instant, 10 minutes before it.
    await world.clock.tickAsync(51 * MINUTE)
    expect(refreshes(first, second)).toBe(1)
    const token = first.auth.store.getState().token
    expect(token).not.toBe(signedInWith)
    expect(second.auth.store.getState()).toMatchObject({ status: 'authenticated', token })
    expect(second.auth.store.getState().expiry).toBe(first.auth.store.getState().expiry)
    const signedOut = [first, second].flatMap((tab) => tab.authEvents).filter((e) => e.type === 'signedOut')
    expect(signedOut).toEqual([])
    // Once storage caught up, each tab stores the new session (supabase-js's and the token), and the API takes it.
    await world.clock.tickAsync(STORAGE_LAG_MS)
    for (const [tab, storage] of [
      [first, firstStorage],
      [second, secondStorage],
    ] as const) {
      const stored = Object.values(storage.entries())
      expect(stored.filter((value) => value.includes(signedInWith!))).toEqual([])
      expect(stored.filter((value) => value.includes(token!)).length).toBeGreaterThanOrEqual(2)
      expect((await tab.client.api.currentUser()).ok).toBe(true)
    }
  })
})
