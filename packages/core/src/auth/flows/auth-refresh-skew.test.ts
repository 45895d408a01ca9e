import { DEMO_PASSWORD, demoAccounts } from '@coursekit/mock-server'
import { createWorld, type World } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import type { Clock } from '../../kernel/clock.ts'
import { createMemoryBroadcast } from '../../platform/memory-broadcast.ts'
import { createMemoryLocks } from '../../platform/memory-locks.ts'
import { createMemoryStorage } from '../../platform/memory-storage.ts'
import { type AuthPage, authPage, HOUR, MINUTE, reload } from '../auth-test-page.ts'

const { learner } = demoAccounts

const refreshes = (...tabs: AuthPage[]) =>
  tabs.flatMap((tab) => tab.requests).filter((request) => request === 'POST /auth/v1/token').length
const signedOut = (...tabs: AuthPage[]) =>
  tabs.flatMap((tab) => tab.authEvents).filter((event) => event.type === 'signedOut')

/** The world's clock as a PC whose clock is `aheadMs` ahead of the server's sees it: same timers, later readings. */
function clockAhead(world: World, aheadMs: number): Clock {
  return {
    now: () => world.clock.now() + aheadMs,
    setTimeout: (callback, ms) => world.clock.setTimeout(callback, ms),
    clearTimeout: (handle) => world.clock.clearTimeout(handle),
  }
}

/** Tabs of one browser (one storage, broadcast and locks) on a PC whose clock is `aheadMs` ahead; the first signs in. */
async function browserAhead(aheadMs: number, tabCount: number) {
  const world = await createWorld()
  const browser = {
    sharedStorage: createMemoryStorage(),
    sharedBroadcast: createMemoryBroadcast(),
    sharedLocks: createMemoryLocks(),
    client: { clock: clockAhead(world, aheadMs) },
  }
  const first = authPage(world, browser)
  await first.auth.start()
  expect((await first.auth.signInWithPassword(learner.email, DEMO_PASSWORD)).status).toBe('signed-in')
  await world.idle()
  const tabs = [first]
  for (let i = 1; i < tabCount; i++) {
    const tab = authPage(world, browser)
    await tab.auth.start()
    await world.idle()
    expect(tab.auth.store.getState().status).toBe('authenticated')
    tabs.push(tab)
  }
  // The sign-in's own POST /token (password grant) is not a refresh.
  expect(first.requests.filter((request) => request === 'POST /auth/v1/token')).toHaveLength(1)
  for (const tab of tabs) tab.device.requests.length = 0
  return { world, tabs }
}

describe('a PC whose clock runs ahead of the server', () => {
  it('an hour ahead with hour-long tokens: one refresh an hour, 10 minutes before the server ends the token', async () => {
    const { world, tabs } = await browserAhead(HOUR, 1)
    const [tab] = tabs as [AuthPage]
    expect(refreshes(tab)).toBe(0)
    const token = tab.auth.store.getState().token
    // The server's hour: the token is refreshed once, at 50 minutes.
    await world.advance(49 * MINUTE, MINUTE)
    expect(refreshes(tab)).toBe(0)
    expect(tab.auth.store.getState().token).toBe(token)
    await world.advance(2 * MINUTE, MINUTE)
    expect(refreshes(tab)).toBe(1)
    await world.advance(HOUR, MINUTE)
    expect(refreshes(tab)).toBe(2)
    expect(signedOut(tab)).toEqual([])
    expect((await tab.client.api.currentUser()).ok).toBe(true)
  })

  it('its reading of expiry says when the token ends on its own clock, so "expiring" means 5 minutes left at the server', async () => {
    const { world, tabs } = await browserAhead(HOUR, 1)
    const [tab] = tabs as [AuthPage]
    expect(tab.auth.isTokenExpiring()).toBe(false)
    expect(tab.auth.store.getState().expiry).toBe(world.clock.now() + HOUR + HOUR)
  })

  it('two tabs, one opened after sign-in, an hour ahead: one refresh an hour between them, both signed in', async () => {
    const { world, tabs } = await browserAhead(HOUR, 2)
    const [first, second] = tabs as [AuthPage, AuthPage]
    expect(refreshes(first, second)).toBe(0)
    await world.advance(2 * HOUR, MINUTE)
    expect(refreshes(first, second)).toBe(2)
    expect(signedOut(first, second)).toEqual([])
    expect(second.auth.store.getState().token).toBe(first.auth.store.getState().token)
    expect((await second.client.api.currentUser()).ok).toBe(true)
  })

  it('a tab reloaded on that PC restores the session without refreshing it', async () => {
    const { world, tabs } = await browserAhead(HOUR, 1)
    const [tab] = tabs as [AuthPage]
    await world.advance(20 * MINUTE, MINUTE)
    const next = reload(tab, { client: { clock: clockAhead(world, HOUR) } })
    await next.auth.start()
    await world.idle()
    expect(next.auth.store.getState().status).toBe('authenticated')
    expect(refreshes(tab, next)).toBe(0)
  })
})
