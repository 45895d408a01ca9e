import { DEMO_PASSWORD, demoAccounts } from '@coursekit/mock-server'
import { createWorld, type World } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import { REFRESH_WORD_WAIT_MS } from '../../kernel/constants.ts'
import { lockNames } from '../../kernel/storage-keys.ts'
import { createMemoryBroadcast, type MemoryBroadcast } from '../../platform/memory-broadcast.ts'
import { createMemoryLocks } from '../../platform/memory-locks.ts'
import { type AuthPage, authPage, HOUR, MINUTE } from '../auth-test-page.ts'
import { laggingBroadcast, laggingStoragePair } from './lagging-tabs.ts'

const { learner } = demoAccounts
const STORAGE_LAG_MS = 5_000
/** How late the second tab hears the first tab's messages: after the lock's grant, within the wait for them. */
const MESSAGE_LAG_MS = 300

const refreshes = (...tabs: AuthPage[]) =>
  tabs.flatMap((tab) => tab.requests).filter((request) => request === 'POST /auth/v1/token').length

/** From twoLateTabs' return to both tabs' timers: 10 minutes before exp, the sign-in STORAGE_LAG_MS before it returned. */
const UNTIL_REFRESH_MS = 50 * MINUTE - STORAGE_LAG_MS

/** One tab's view of the browser's channels that never hears a refresh's word: it began to listen after the word went out. */
const missingTheWord =
  (hub: MemoryBroadcast): MemoryBroadcast =>
  (channel) => {
    const port = hub(channel)
    return channel === lockNames.tokenRefresh ? { ...port, subscribe: () => () => {} } : port
  }

/** Two tabs signed in as one, the second seeing the first's storage writes late, and hearing its messages as `broadcastOf` says. */
async function twoLateTabs(broadcastOf: (hub: MemoryBroadcast, world: World) => MemoryBroadcast) {
  const world = await createWorld()
  const [firstStorage, secondStorage] = laggingStoragePair(world.clock, STORAGE_LAG_MS)
  const hub = createMemoryBroadcast()
  const locks = createMemoryLocks()
  const first = authPage(world, {
    sharedBroadcast: hub,
    sharedLocks: locks,
    sharedStorage: firstStorage,
  })
  await first.auth.start()
  expect((await first.auth.signInWithPassword(learner.email, DEMO_PASSWORD)).status).toBe('signed-in')
  await world.clock.tickAsync(STORAGE_LAG_MS)
  const second = authPage(world, {
    sharedBroadcast: broadcastOf(hub, world),
    sharedLocks: locks,
    sharedStorage: secondStorage,
  })
  await second.auth.start()
  expect(second.auth.store.getState().status).toBe('authenticated')
  first.device.requests.length = 0
  second.device.requests.length = 0
  return { world, first, second, locks, firstStorage, secondStorage }
}

describe('two tabs of one browser whose storage shows the other tab’s writes late', () => {
  it('send one refresh between them: the tab granted the lock next takes the session the other announced', async () => {
    const world = await createWorld()
    const [firstStorage, secondStorage] = laggingStoragePair(world.clock, STORAGE_LAG_MS)
    const browser = { sharedBroadcast: createMemoryBroadcast(), sharedLocks: createMemoryLocks() }
    const first = authPage(world, { ...browser, sharedStorage: firstStorage })
    await first.auth.start()
    expect((await first.auth.signInWithPassword(learner.email, DEMO_PASSWORD)).status).toBe('signed-in')
    await world.clock.tickAsync(STORAGE_LAG_MS)
    const second = authPage(world, { ...browser, sharedStorage: secondStorage })
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

  it("whose channel also brings the first tab's word after the lock's grant: the second tab waits for the word, and sends no second refresh", async () => {
    const { world, first, second } = await twoLateTabs((hub, { clock }) => laggingBroadcast(hub, clock, MESSAGE_LAG_MS))
    const signedInWith = first.auth.store.getState().token
    // The first tab holds the lock while its refresh is on the way; the second waits for the lock.
    world.backend.faults.add({ method: 'POST', path: '/auth/v1/token', kind: 'latency', latencyMs: 100 })

    await world.clock.tickAsync(51 * MINUTE)
    expect(refreshes(first, second)).toBe(1)
    const token = first.auth.store.getState().token
    expect(token).not.toBe(signedInWith)
    expect(second.auth.store.getState()).toMatchObject({ status: 'authenticated', token })
    expect(second.auth.store.getState().expiry).toBe(first.auth.store.getState().expiry)
    const signedOut = [first, second].flatMap((tab) => tab.authEvents).filter((e) => e.type === 'signedOut')
    expect(signedOut).toEqual([])
    // The next hour's refresh, from the session both hold, is again one.
    await world.clock.tickAsync(HOUR)
    expect(refreshes(first, second)).toBe(2)
    expect(second.auth.store.getState().token).toBe(first.auth.store.getState().token)
    expect((await second.client.api.currentUser()).ok).toBe(true)
  })

  it("whose word comes later than REFRESH_WORD_WAIT_MS after the grant: the second tab, told by the first tab's mark, waits for it and sends no second refresh", async () => {
    const { world, first, second } = await twoLateTabs((hub, { clock }) =>
      laggingBroadcast(hub, clock, 3 * REFRESH_WORD_WAIT_MS),
    )
    const signedInWith = first.auth.store.getState().token
    world.backend.faults.add({ method: 'POST', path: '/auth/v1/token', kind: 'latency', latencyMs: 100 })

    await world.clock.tickAsync(51 * MINUTE)
    expect(refreshes(first, second)).toBe(1)
    const token = first.auth.store.getState().token
    expect(token).not.toBe(signedInWith)
    expect(second.auth.store.getState()).toMatchObject({ status: 'authenticated', token })
    const signedOut = [first, second].flatMap((tab) => tab.authEvents).filter((e) => e.type === 'signedOut')
    expect(signedOut).toEqual([])
    expect((await second.client.api.currentUser()).ok).toBe(true)
  })

  it('that never hears the word (it listened too late): the second tab waits for storage to show the session, and sends no second refresh', async () => {
    const { world, first, second } = await twoLateTabs(missingTheWord)
    const signedInWith = first.auth.store.getState().token
    world.backend.faults.add({ method: 'POST', path: '/auth/v1/token', kind: 'latency', latencyMs: 100 })

    // The first tab's refresh; the second tab's storage shows it STORAGE_LAG_MS later.
    await world.clock.tickAsync(UNTIL_REFRESH_MS + REFRESH_WORD_WAIT_MS)
    expect(refreshes(first, second)).toBe(1)
    expect(second.auth.store.getState().token).toBe(signedInWith)
    await world.clock.tickAsync(STORAGE_LAG_MS)
    expect(refreshes(first, second)).toBe(1)
    const token = first.auth.store.getState().token
    expect(token).not.toBe(signedInWith)
    expect(second.auth.store.getState()).toMatchObject({ status: 'authenticated', token })
    expect((await second.client.api.currentUser()).ok).toBe(true)
  })

  it('a tab granted the lock after a holder that refreshed nothing (so left no mark) refreshes at once, without waiting for a word', async () => {
    const { world, first, second, locks } = await twoLateTabs((hub) => hub)
    // Another holder of the refresh lock (a tab whose refresh failed, say) that lets it go without a word.
    const holder = new AbortController()
    expect(await locks.acquire(lockNames.tokenRefresh, holder.signal)).toBe(true)
    const signedInWith = first.auth.store.getState().token

    await world.clock.tickAsync(51 * MINUTE)
    expect(refreshes(first, second)).toBe(0)
    holder.abort()
    await world.clock.tickAsync(0)
    expect(refreshes(first, second)).toBe(1)
    // The refreshing tab's word reaches the other, granted the lock next: it takes that session.
    await world.clock.tickAsync(REFRESH_WORD_WAIT_MS)
    expect(refreshes(first, second)).toBe(1)
    const token = first.auth.store.getState().token
    expect(token).not.toBe(signedInWith)
    expect(second.auth.store.getState()).toMatchObject({ status: 'authenticated', token })
  })

  it('whose mark goes away with its tab before its session reached the other: that tab stops waiting and refreshes itself', async () => {
    const { world, first, second } = await twoLateTabs(missingTheWord)
    world.backend.faults.add({ method: 'POST', path: '/auth/v1/token', kind: 'latency', latencyMs: 100 })
    await world.clock.tickAsync(UNTIL_REFRESH_MS + REFRESH_WORD_WAIT_MS)
    expect(refreshes(first, second)).toBe(1)
    expect(refreshes(second)).toBe(0)

    first.auth.dispose()
    await world.clock.tickAsync(REFRESH_WORD_WAIT_MS)
    expect(refreshes(second)).toBe(1)
    // Within the server's reuse interval of the refresh token the first tab spent: one session still.
    await world.clock.tickAsync(STORAGE_LAG_MS)
    expect(second.auth.store.getState().status).toBe('authenticated')
    expect((await second.client.api.currentUser()).ok).toBe(true)
  })
})
