import { DEMO_PASSWORD, demoAccounts } from '@coursekit/mock-server'
import { createWorld, type World } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import { createMemoryBroadcast } from '../../platform/memory-broadcast.ts'
import { type AuthPage, type AuthPageOptions, authPage } from '../auth-test-page.ts'

const { learner } = demoAccounts

async function signedIn(world: World, options: AuthPageOptions = {}): Promise<AuthPage> {
  const h = authPage(world, options)
  await h.auth.start()
  expect((await h.auth.signInWithPassword(learner.email, DEMO_PASSWORD)).status).toBe('signed-in')
  return h
}

describe('logout', () => {
  it('runs the sequence in order, with the token working until the hooks are done, then clears everything', async () => {
    const bearers: (string | null)[] = []
    const h = await signedIn(await createWorld(), {
      wrapFetch: (fetch) => (input, init) => {
        const request = new Request(input, init)
        if (new URL(request.url).pathname === '/api/v2/auth/logout') bearers.push(request.headers.get('authorization'))
        return fetch(request)
      },
    })
    const token = h.auth.store.getState().token
    const seenInHook: unknown[] = []
    h.auth.forServices.onBeforeSignOut(async () => {
      seenInHook.push(h.platform.sessionStorage.get('logoutInProgress'))
      seenInHook.push(h.platform.pushUnsubscribeCount())
      seenInHook.push(h.authEvents.at(-1)?.type)
      seenInHook.push((await h.client.api.get('/api/v2/session-tracker/sessions')).ok)
      seenInHook.push(h.requests.includes('POST /api/v2/auth/logout'))
    })
    const requestsBefore = h.requests.length

    await h.auth.logout()

    expect(seenInHook).toEqual(['true', 1, 'signingOut', true, false])
    expect(h.requests.slice(requestsBefore)).toEqual([
      'GET /api/v2/session-tracker/sessions',
      'POST /api/v2/auth/logout',
      'POST /auth/v1/logout',
    ])
    expect(bearers).toEqual([`Bearer ${token}`])
    expect(h.auth.store.getState()).toMatchObject({ status: 'unauthenticated', user: null, token: null, role: null })
    expect(h.authEvents.filter((event) => event.type === 'signedOut').map((event) => event.payload)).toEqual([
      { userId: learner.id, reason: 'logout' },
    ])
    for (const key of ['auth_token', 'auth_profile', 'coursekit.supabase.auth', 'redirectAfterOAuth']) {
      expect(h.platform.storage.get(key), key).toBeNull()
    }
    expect(h.platform.storage.get('lastLoginInfo')).not.toBeNull()
    expect([...h.platform.cookieJar.keys()]).toEqual([])
    expect(h.platform.sessionStorage.get('logoutInProgress')).toBeNull()
    expect(h.auth.apiAuth.getAccessToken()).toBeNull()
    expect(h.auth.apiAuth.logoutInProgress).toBe(false)

    expect(h.navigations).toEqual([{ to: '/', replace: false, delayMs: 100 }])
    await h.clock.tickAsync(99)
    expect(h.platform.navigations).toEqual([])
    await h.clock.tickAsync(1)
    expect(h.platform.navigations.map((navigation) => navigation.to)).toEqual(['/'])
  })

  it('emits signingOut, signedOut and userChanged, in that order', async () => {
    const h = await signedIn(await createWorld())
    const from = h.authEvents.length
    await h.auth.logout()
    expect(h.authEvents.slice(from).map((event) => event.type)).toEqual(['signingOut', 'signedOut', 'userChanged'])
    expect(h.authEvents.at(-1)?.payload).toEqual({
      previous: { id: learner.id, email: learner.email, provider: 'EMAIL' },
      current: null,
    })
  })

  it('waits at most 3 s on the clock for the hooks', async () => {
    const h = await signedIn(await createWorld())
    h.auth.forServices.onBeforeSignOut(() => new Promise(() => {}))
    let done = false
    const pending = h.auth.logout().then(() => {
      done = true
    })
    await h.advance(2_900, 100)
    expect(done).toBe(false)
    expect(h.auth.store.getState().status).toBe('authenticated')
    await h.advance(100, 100)
    await pending
    expect(h.auth.store.getState().status).toBe('unauthenticated')
  })

  it('a hook that fails does not stop the sign-out; an unregistered hook does not run', async () => {
    const h = await signedIn(await createWorld())
    let ran = false
    h.auth.forServices.onBeforeSignOut(async () => {
      throw new Error('device service down')
    })
    const unregister = h.auth.forServices.onBeforeSignOut(async () => {
      ran = true
    })
    unregister()
    await h.auth.logout()
    expect(ran).toBe(false)
    expect(h.auth.store.getState().status).toBe('unauthenticated')
  })

  it('a second logout while one runs does nothing', async () => {
    const h = await signedIn(await createWorld())
    let release = () => {}
    h.auth.forServices.onBeforeSignOut(
      () =>
        new Promise<void>((resolve) => {
          release = resolve
        }),
    )
    const first = h.auth.logout()
    await h.clock.tickAsync(0)
    expect(h.auth.apiAuth.logoutInProgress).toBe(true)
    const second = h.auth.logout()
    release()
    await Promise.all([first, second])
    expect(h.platform.pushUnsubscribeCount()).toBe(1)
    expect(h.requests.filter((request) => request === 'POST /api/v2/auth/logout')).toHaveLength(1)
    expect(h.authEvents.filter((event) => event.type === 'signedOut')).toHaveLength(1)
    expect(h.navigations).toHaveLength(1)
  })

  it('signs out the other tabs of the browser', async () => {
    const world = await createWorld()
    const hub = createMemoryBroadcast()
    const tabA = await signedIn(world, { sharedBroadcast: hub })
    const tabB = await signedIn(world, { sharedBroadcast: hub })
    let tabBHookRan = false
    tabB.auth.forServices.onBeforeSignOut(async () => {
      tabBHookRan = true
    })
    const tabBRequests = tabB.requests.length
    await tabA.auth.logout()
    await tabB.idle()
    expect(tabB.auth.store.getState()).toMatchObject({ status: 'unauthenticated', user: null })
    expect(tabB.authEvents.find((event) => event.type === 'signedOut')?.payload).toEqual({
      userId: learner.id,
      reason: 'other-tab',
    })
    expect(tabBHookRan).toBe(false)
    expect(tabB.requests.slice(tabBRequests)).toEqual(['POST /auth/v1/logout'])
    expect(tabB.platform.storage.get('auth_token')).toBeNull()
    expect(tabB.navigations).toEqual([{ to: '/', replace: false, delayMs: 100 }])
    // Nothing echoes back to the tab that signed out.
    expect(tabA.authEvents.filter((event) => event.type === 'signedOut')).toHaveLength(1)
  })

  it("the API client's logout after a failed refresh goes through the same sequence, without its own navigation", async () => {
    const h = await signedIn(await createWorld())
    await h.auth.apiAuth.logout()
    expect(h.auth.store.getState().status).toBe('unauthenticated')
    expect(h.authEvents.map((event) => event.type)).toContain('sessionExpired')
    expect(h.navigations).toEqual([])
    expect(h.platform.pushUnsubscribeCount()).toBe(1)
  })
})
