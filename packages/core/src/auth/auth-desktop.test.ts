import { DEMO_PASSWORD, demoAccounts } from '@coursekit/mock-server'
import { type BrowserShare, createBrowserShare, createWorld, type World } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import type { FetchLike } from '../kernel/ports.ts'
import { NO_KEY, type StandInNative, standInNative } from '../platform/desktop-native-stand-in.ts'
import { desktopPlatform } from '../platform/desktop-platform.ts'
import { DESKTOP_AUTH_SESSION_KEY } from '../platform/desktop-proxy.ts'
import { type AuthPage, authPage, callback, consent, HOUR, MINUTE } from './auth-test-page.ts'

/** WebKitGTK 2.50's own user agent with the wrapper's token, as the Linux wrapper's webview says it. */
const WRAPPER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/60.5 Safari/605.1.15 CoursekitDesktop/0.1.0'

/** The wrapper's native side, kept across page loads, and the pages that run on it. */
function wrapper(world: World) {
  let backend: FetchLike = () => Promise.reject(new Error('no page yet'))
  const native = standInNative((input, init) => backend(input, init))
  const page = (previous?: AuthPage, windows?: BrowserShare) =>
    authPage(world, {
      userAgent: WRAPPER_UA,
      ...windows,
      // The next page load keeps the webview's storage and cookies, as a reload does.
      ...(previous && {
        storage: previous.platform.storage.entries(),
        sessionStorage: previous.platform.sessionStorage.entries(),
        cookies: Object.fromEntries([...previous.platform.cookieJar].map(([name, cookie]) => [name, cookie.value])),
      }),
      client: { fetch: undefined }, // the platform's transport: the native proxy
      platformFor: (memory) => {
        backend = memory.fetch
        return desktopPlatform({ base: memory, invoke: native.invoke })
      },
    })
  return { native, page }
}

/** Every value the webview keeps: local storage, session storage and cookies. */
function webviewValues(h: AuthPage): string[] {
  return [
    ...Object.values(h.platform.storage.entries()),
    ...Object.values(h.platform.sessionStorage.entries()),
    ...[...h.platform.cookieJar.values()].map((cookie) => cookie.value),
  ]
}

/** The refresh token the native store keeps in the auth session. */
function nativeRefreshToken(native: StandInNative): string {
  const session = JSON.parse(native.store.get(DESKTOP_AUTH_SESSION_KEY) ?? '{}') as Record<string, string>
  const stored = JSON.parse(session['coursekit.supabase.auth'] ?? '{}') as { refresh_token?: string }
  if (!stored.refresh_token) throw new Error('no refresh token in the native store')
  return stored.refresh_token
}

function expectNoTokenInWebview(h: AuthPage, tokens: string[]): void {
  const values = webviewValues(h)
  expect(values.length).toBeGreaterThan(0)
  for (const token of tokens) {
    expect(token.length).toBeGreaterThan(8)
    expect(values.filter((value) => value.includes(token))).toEqual([])
  }
}

describe('auth in the desktop wrapper', () => {
  it('keeps the token and the refresh session only natively through sign-in, refresh and reload; sign-out empties the store', async () => {
    const world = await createWorld()
    const { native, page } = wrapper(world)
    const h = page()
    await h.auth.signInWithPassword(demoAccounts.learner.email, DEMO_PASSWORD)
    await h.idle()
    const token = h.auth.store.getState().token!
    expect(native.store.get(NO_KEY)).toBe(token)
    const firstRefresh = nativeRefreshToken(native)
    expectNoTokenInWebview(h, [token, firstRefresh])
    expect(h.platform.cookieJar.has('user_role_info')).toBe(true)
    expect(h.requests).toContain('POST /auth/v1/token')
    expect(native.commands.filter((call) => call.command === 'proxy').length).toBe(h.requests.length)
    expect(native.proxied.every((request) => request.headers['user-agent'] === WRAPPER_UA)).toBe(true)

    await h.advance(HOUR, 60_000) // the timer refreshes 10 minutes before expiry
    const refreshed = h.auth.store.getState().token!
    expect(refreshed).not.toBe(token)
    expect(native.store.get(NO_KEY)).toBe(refreshed)
    const secondRefresh = nativeRefreshToken(native)
    expect(secondRefresh).not.toBe(firstRefresh)
    expectNoTokenInWebview(h, [token, refreshed, firstRefresh, secondRefresh])

    h.client.dispose()
    const next = page(h)
    await next.auth.start()
    expect(next.auth.store.getState()).toMatchObject({ status: 'authenticated', token: refreshed })
    expect((await next.client.api.currentUser()).ok).toBe(true)
    expectNoTokenInWebview(next, [refreshed, secondRefresh])

    await next.auth.logout()
    await next.idle()
    expect([...native.store.keys()]).toEqual([])
    expect(native.commands.filter((call) => call.command === 'clear_auth_token').map((call) => call.args)).toEqual(
      expect.arrayContaining([undefined, { key: DESKTOP_AUTH_SESSION_KEY }]),
    )
    expect(webviewValues(next).some((value) => value.includes(refreshed) || value.includes(secondRefresh))).toBe(false)
  })

  it('two windows of the app refresh once: the one that waited for the lock reads the session the other stored natively', async () => {
    const world = await createWorld()
    const { native, page } = wrapper(world)
    const windows = createBrowserShare()
    const first = page(undefined, windows)
    await first.auth.start()
    await first.auth.signInWithPassword(demoAccounts.learner.email, DEMO_PASSWORD)
    const second = page(undefined, windows)
    await second.auth.start()
    expect(second.auth.store.getState().status).toBe('authenticated')
    first.device.requests.length = 0
    second.device.requests.length = 0
    world.backend.faults.add({ method: 'POST', path: '/auth/v1/token', kind: 'latency', latencyMs: 100 })

    // Both timers are armed from the same exp and fire at the same instant.
    await world.clock.tickAsync(51 * MINUTE)
    const refreshes = [first, second].flatMap((window) => window.requests).filter((r) => r === 'POST /auth/v1/token')
    expect(refreshes).toHaveLength(1)
    const token = first.auth.store.getState().token
    expect(second.auth.store.getState()).toMatchObject({ status: 'authenticated', token })
    expect(native.store.get(NO_KEY)).toBe(token)
    expect((await second.client.api.currentUser()).ok).toBe(true)
  })

  it('keeps the OAuth PKCE verifier natively between the start and the callback page', async () => {
    const world = await createWorld()
    const { native, page } = wrapper(world)
    const h = page()
    await h.auth.start()
    const started = await h.auth.signInWithOAuth('GOOGLE')
    if (started.status !== 'redirecting') throw new Error('did not start')
    const verifierKey = 'coursekit.supabase.auth-code-verifier'
    const kept = JSON.parse(native.store.get(DESKTOP_AUTH_SESSION_KEY) ?? '{}') as Record<string, string>
    expect(kept[verifierKey]).toMatch(/\w{20,}/)
    expect(webviewValues(h).some((value) => value.includes(kept[verifierKey]!))).toBe(false)
    const location = await consent(h, started.url, 'desktop-oauth@coursekit.test', '데스크톱')

    h.client.dispose()
    const back = page(h)
    const result = await callback(back, location)
    expect(result.status).not.toBe('error')
    expect(back.auth.store.getState().status).toBe('authenticated')
    const after = JSON.parse(native.store.get(DESKTOP_AUTH_SESSION_KEY) ?? '{}') as Record<string, string>
    expect(after[verifierKey]).toBeUndefined()
    expect(native.store.get(NO_KEY)).toBe(back.auth.store.getState().token)
    expectNoTokenInWebview(back, [back.auth.store.getState().token!, nativeRefreshToken(native)])
  })

  it('registers the device with the wrapper’s user agent, so its lists name the desktop app', async () => {
    const world = await createWorld()
    const { page } = wrapper(world)
    const h = page()
    h.client.start()
    await h.auth.signInWithPassword(demoAccounts.learner.email, DEMO_PASSWORD)
    await h.idle()
    const [device] = world.backend.context.devices.list(h.auth.store.getState().user!.id)
    expect(device?.userAgent).toBe(WRAPPER_UA)
  })

  it('sends what a hidden page sends (the visit’s end, end-watch with its bearer) through the proxy, never the webview’s beacon', async () => {
    const world = await createWorld()
    const { native, page } = wrapper(world)
    const h = page()
    h.client.start()
    await h.auth.signInWithPassword(demoAccounts.learner.email, DEMO_PASSWORD)
    await h.idle()
    expect(await h.client.devices!.startWatching('video-101-2')).toMatchObject({ ok: true })
    await h.idle()
    const before = native.proxied.length
    h.platform.hidePage()
    await h.idle()
    const hidden = native.proxied.slice(before).map((request) => ({
      call: `${request.method} ${new URL(request.url).pathname}`,
      bearer: request.headers.authorization === `Bearer ${h.auth.store.getState().token}`,
    }))
    expect(hidden).toEqual(
      expect.arrayContaining([
        { call: 'POST /api/v2/session-tracker/end-watch', bearer: true },
        { call: expect.stringMatching(/^(POST|PATCH|PUT) \/api\/v2\/analytics\/.+/), bearer: false },
      ]),
    )
    expect(h.platform.beacons).toEqual([])
    expect(world.backend.context.devices.list(h.auth.store.getState().user!.id)[0]).toMatchObject({
      isWatchingVideo: false,
    })
  })

  it('인증 정보 저장에 실패했습니다 when the native side cannot save the token; signed in for this page', async () => {
    const world = await createWorld()
    const { native, page } = wrapper(world)
    native.fail.save.add(NO_KEY)
    const h = page()
    const result = await h.auth.signInWithPassword(demoAccounts.learner.email, DEMO_PASSWORD)
    expect(result.status).toBe('signed-in')
    expect(h.notices).toEqual([{ kind: 'error', message: '인증 정보 저장에 실패했습니다' }])
    expect((await h.client.api.currentUser()).ok).toBe(true)
    expect(webviewValues(h).some((value) => value.includes(h.auth.store.getState().token!))).toBe(false)
  })

  it('인증 정보 저장에 실패했습니다 when the native side cannot save the refresh session, once', async () => {
    const world = await createWorld()
    const { native, page } = wrapper(world)
    native.fail.save.add(DESKTOP_AUTH_SESSION_KEY)
    const h = page()
    const result = await h.auth.signInWithPassword(demoAccounts.learner.email, DEMO_PASSWORD)
    expect(result.status).toBe('signed-in')
    expect(h.notices).toEqual([{ kind: 'error', message: '인증 정보 저장에 실패했습니다' }])
    expect(native.store.has(DESKTOP_AUTH_SESSION_KEY)).toBe(false)
    expect(webviewValues(h).join('\n')).not.toContain('refresh_token')
  })

  it('starts signed out, and the page works, when get_auth_token throws at start-up', async () => {
    const world = await createWorld()
    const { native, page } = wrapper(world)
    const h = page()
    await h.auth.signInWithPassword(demoAccounts.learner.email, DEMO_PASSWORD)
    h.client.dispose()
    native.fail.get = true
    const next = page(h)
    await next.auth.start()
    expect(next.auth.store.getState()).toMatchObject({ status: 'unauthenticated', token: null, isLoading: false })
    expect((await next.client.api.call('courses')).ok).toBe(true)
  })

  it('a proxy that cannot reach the server is a network failure (status 0); a garbage reply is the parse failure', async () => {
    const world = await createWorld()
    const { native, page } = wrapper(world)
    const h = page()
    await h.auth.start()
    native.fail.proxy = 'reject'
    expect(await h.client.api.call('courses')).toMatchObject({
      ok: false,
      status: 0,
      error: 'request failed: network error',
    })
    native.fail.proxy = 'garbage'
    expect(await h.client.api.call('courses')).toMatchObject({
      ok: false,
      status: 0,
      error: '응답 처리 중 오류가 발생했습니다.',
    })
    native.fail.proxy = null
    expect((await h.client.api.call('courses')).ok).toBe(true)
  })

  it('a sign-in whose proxy fails says so and stays signed out, with nothing kept', async () => {
    const world = await createWorld()
    const { native, page } = wrapper(world)
    const h = page()
    await h.auth.start()
    native.fail.proxy = 'garbage'
    const result = await h.auth.signInWithPassword(demoAccounts.learner.email, DEMO_PASSWORD)
    expect(result.status).not.toBe('signed-in')
    expect(h.auth.store.getState().status).toBe('unauthenticated')
    expect(native.store.size).toBe(0)
  })
})
