import { DEMO_PASSWORD, demoAccounts } from '@coursekit/mock-server'
import { createWorld } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import { createMemoryBroadcast } from '../../platform/memory-broadcast.ts'
import { createMemoryLocks } from '../../platform/memory-locks.ts'
import { createMemoryStorage } from '../../platform/memory-storage.ts'
import { type AuthPage, authPage, HOUR, MINUTE } from '../auth-test-page.ts'

const { learner } = demoAccounts

const refreshes = (...tabs: AuthPage[]) =>
  tabs.flatMap((tab) => tab.requests).filter((request) => request === 'POST /auth/v1/token').length

/** Two tabs of one browser: one storage, one in-memory broadcast, one set of in-memory locks; the second opened after sign-in. */
async function twoTabs({ sharedLocks = true } = {}) {
  const world = await createWorld()
  const browser = {
    sharedStorage: createMemoryStorage(),
    sharedBroadcast: createMemoryBroadcast(),
    sharedLocks: createMemoryLocks(),
  }
  const first = authPage(world, browser)
  await first.auth.start()
  expect((await first.auth.signInWithPassword(learner.email, DEMO_PASSWORD)).status).toBe('signed-in')
  // A browser without navigator.locks: each tab's lock is its own.
  const second = authPage(world, sharedLocks ? browser : { ...browser, sharedLocks: createMemoryLocks() })
  await second.auth.start()
  expect(second.auth.store.getState().status).toBe('authenticated')
  first.device.requests.length = 0
  second.device.requests.length = 0
  return { world, first, second }
}

describe('two tabs of one browser', () => {
  it('whose timers fire at once send one refresh, with latency on the token endpoint, and both stay signed in', async () => {
    const { world, first, second } = await twoTabs()
    world.backend.faults.add({ method: 'POST', path: '/auth/v1/token', kind: 'latency', latencyMs: 100 })
    const signedOut = () => [first, second].flatMap((tab) => tab.authEvents).filter((e) => e.type === 'signedOut')

    // Both timers are armed from the same exp: both fire 10 minutes before it, at the same instant.
    await world.clock.tickAsync(51 * MINUTE)
    expect(refreshes(first, second)).toBe(1)
    expect(signedOut()).toEqual([])
    const token = first.auth.store.getState().token
    expect(second.auth.store.getState()).toMatchObject({ status: 'authenticated', token })
    expect(second.auth.store.getState().expiry).toBe(first.auth.store.getState().expiry)

    // And again an hour later, from the adopted session.
    await world.clock.tickAsync(HOUR)
    expect(refreshes(first, second)).toBe(2)
    expect(signedOut()).toEqual([])
    expect(first.auth.store.getState().token).not.toBe(token)
    expect(second.auth.store.getState().token).toBe(first.auth.store.getState().token)
    expect((await second.client.api.currentUser()).ok).toBe(true)
  })

  it('without a shared lock, both send the same refresh token at once: the server answers both with one session, and both stay signed in', async () => {
    const { world, first, second } = await twoTabs({ sharedLocks: false })
    world.backend.faults.add({ method: 'POST', path: '/auth/v1/token', kind: 'latency', latencyMs: 100 })
    await world.clock.tickAsync(51 * MINUTE)
    expect(refreshes(first, second)).toBe(2)
    const signedOut = [first, second].flatMap((tab) => tab.authEvents).filter((e) => e.type === 'signedOut')
    expect(signedOut).toEqual([])
    expect(second.auth.store.getState().token).toBe(first.auth.store.getState().token)
    // And the next hour, each from the stored session.
    await world.clock.tickAsync(HOUR)
    expect([first, second].map((tab) => tab.auth.store.getState().status)).toEqual(['authenticated', 'authenticated'])
    expect((await first.client.api.currentUser()).ok).toBe(true)
    expect((await second.client.api.currentUser()).ok).toBe(true)
  })
})
