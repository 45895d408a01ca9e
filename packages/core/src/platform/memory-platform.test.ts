import { describe, expect, it } from 'vitest'
import { createMemoryBroadcast } from './memory-broadcast.ts'
import { memoryPlatform } from './memory-platform.ts'
import { createMemoryStorage } from './memory-storage.ts'

describe('memoryPlatform', () => {
  it('keeps local and session storage apart, seeded from options', () => {
    const platform = memoryPlatform({ storage: { a: '1' }, sessionStorage: { logoutInProgress: 'true' } })
    expect(platform.storage.get('a')).toBe('1')
    expect(platform.sessionStorage.get('a')).toBeNull()
    expect(platform.sessionStorage.get('logoutInProgress')).toBe('true')
    platform.storage.set('b', '2')
    platform.storage.remove('a')
    expect(platform.storage.entries()).toEqual({ b: '2' })
  })

  it('records navigations and moves the location with them', () => {
    const platform = memoryPlatform({ url: 'https://app.test/courses?x=1' })
    expect(platform.location.current()).toEqual({
      href: 'https://app.test/courses?x=1',
      origin: 'https://app.test',
      pathname: '/courses',
      search: '?x=1',
      hash: '',
    })
    platform.navigator.navigate('/sign/in')
    platform.navigator.navigate('/', { replace: true })
    expect(platform.navigations).toEqual([
      { to: '/sign/in', replace: false, href: 'https://app.test/sign/in' },
      { to: '/', replace: true, href: 'https://app.test/' },
    ])
    platform.setLocation('/auth/callback#access_token=x')
    expect(platform.location.current().hash).toBe('#access_token=x')
    expect(platform.navigations).toHaveLength(2)
  })

  it('keeps cookies with their options; a max-age of 0 deletes', () => {
    const platform = memoryPlatform({ cookies: { seeded: 'yes' } })
    expect(platform.cookies.get('seeded')).toBe('yes')
    platform.cookies.set('auth_token', 't', { maxAgeSeconds: 60, sameSite: 'lax' })
    expect(platform.cookieJar.get('auth_token')).toEqual({
      value: 't',
      options: { maxAgeSeconds: 60, sameSite: 'lax' },
    })
    platform.cookies.set('auth_token', '', { maxAgeSeconds: 0 })
    expect(platform.cookies.get('auth_token')).toBeNull()
    platform.cookies.remove('seeded')
    expect(platform.cookieJar.size).toBe(0)
  })

  it('stores the token in the auth_token cookie (7 days, lax, secure on https) and local storage', async () => {
    const platform = memoryPlatform({ url: 'https://app.test/' })
    await platform.tokenStore.set('tok')
    expect(platform.cookieJar.get('auth_token')).toEqual({
      value: 'tok',
      options: { maxAgeSeconds: 604800, path: '/', sameSite: 'lax', secure: true },
    })
    expect(platform.storage.get('auth_token')).toBe('tok')
    expect(await platform.tokenStore.get()).toBe('tok')
    await platform.tokenStore.clear()
    expect(await platform.tokenStore.get()).toBeNull()
    expect(platform.storage.get('auth_token')).toBeNull()

    const insecure = memoryPlatform({ url: 'http://localhost:5173/' })
    await insecure.tokenStore.set('tok')
    expect(insecure.cookieJar.get('auth_token')?.options.secure).toBe(false)
  })

  it('reads the token from local storage when the cookie is gone', async () => {
    const platform = memoryPlatform({ storage: { auth_token: 'from-storage' } })
    expect(await platform.tokenStore.get()).toBe('from-storage')
  })

  it('records beacons without sending them unless asked', async () => {
    const sent: string[] = []
    const fetch = async (input: RequestInfo | URL) => {
      sent.push(String(input))
      return new Response(null, { status: 204 })
    }
    const quiet = memoryPlatform({ fetch })
    expect(quiet.beacon.send('https://api.test/end', '{"sessionId":"s"}')).toBe(true)
    expect(quiet.beacons).toEqual([{ url: 'https://api.test/end', body: '{"sessionId":"s"}' }])
    expect(sent).toEqual([])

    const delivering = memoryPlatform({ fetch, deliverBeacons: true })
    delivering.beacon.send('https://api.test/end', '{}')
    await Promise.resolve()
    expect(sent).toEqual(['https://api.test/end'])
  })

  it('records the headers of a beacon and delivers them', async () => {
    const sent: Request[] = []
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      sent.push(new Request(input, init))
      return new Response(null, { status: 204 })
    }
    const platform = memoryPlatform({ fetch, deliverBeacons: true })
    platform.beacon.send('https://api.test/end-watch', '{}', { headers: { authorization: 'Bearer t' } })
    expect(platform.beacons).toEqual([
      { url: 'https://api.test/end-watch', body: '{}', headers: { authorization: 'Bearer t' } },
    ])
    await Promise.resolve()
    expect(sent[0]!.headers.get('authorization')).toBe('Bearer t')
    expect(sent[0]!.headers.get('content-type')).toBe('application/json')
  })

  it('shares local storage between tabs given one, seeding it', () => {
    const shared = createMemoryStorage({ session_id: 'u_1' })
    const tabA = memoryPlatform({ sharedStorage: shared, storage: { seeded: 'yes' } })
    const tabB = memoryPlatform({ sharedStorage: shared })
    tabA.storage.set('x', '1')
    expect(tabB.storage.get('x')).toBe('1')
    expect(tabB.storage.get('session_id')).toBe('u_1')
    expect(tabB.storage.get('seeded')).toBe('yes')
    expect(memoryPlatform().storage.get('x')).toBeNull()
  })

  it('fires lifecycle listeners until they unsubscribe', () => {
    const platform = memoryPlatform()
    const seen: string[] = []
    const stopHide = platform.lifecycle.onPageHide(() => seen.push('hide'))
    platform.lifecycle.onVisibilityChange((visible) => seen.push(`visible:${visible}`))
    platform.setVisible(false)
    platform.setVisible(false)
    expect(platform.lifecycle.isVisible()).toBe(false)
    platform.hidePage()
    stopHide()
    platform.hidePage()
    expect(seen).toEqual(['visible:false', 'hide'])
  })

  it('counts push unsubscribes and reports its user agent', async () => {
    const platform = memoryPlatform({ userAgent: 'sim-device-7' })
    await platform.push.unsubscribe()
    expect(platform.pushUnsubscribeCount()).toBe(1)
    expect(platform.userAgent()).toBe('sim-device-7')
    expect(platform.sendsUserAgentHeader).toBe(true)
    expect(platform.referrer()).toBe('')
    expect(platform.maxTouchPoints()).toBe(0)
    expect(memoryPlatform({ maxTouchPoints: 5 }).maxTouchPoints()).toBe(5)
    expect(memoryPlatform({ referrer: 'https://m.search.naver.com/' }).referrer()).toBe('https://m.search.naver.com/')
  })

  it('uses the global fetch at call time by default', async () => {
    const platform = memoryPlatform()
    const original = globalThis.fetch
    globalThis.fetch = async () => new Response('late-bound')
    try {
      expect(await (await platform.fetch('https://x.test/')).text()).toBe('late-bound')
    } finally {
      globalThis.fetch = original
    }
  })

  it('lets platforms on one hub talk like tabs, and keeps other hubs out', async () => {
    const hub = createMemoryBroadcast()
    const tabA = memoryPlatform({ sharedBroadcast: hub }).broadcast('auth')
    const tabB = memoryPlatform({ sharedBroadcast: hub }).broadcast('auth')
    const otherChannel = memoryPlatform({ sharedBroadcast: hub }).broadcast('devices')
    const otherDevice = memoryPlatform().broadcast('auth')
    const heard: string[] = []
    tabA.subscribe((message) => heard.push(`a:${JSON.stringify(message)}`))
    tabB.subscribe((message) => heard.push(`b:${JSON.stringify(message)}`))
    otherChannel.subscribe(() => heard.push('other-channel'))
    otherDevice.subscribe(() => heard.push('other-device'))

    tabA.post({ type: 'logout' })
    expect(heard).toEqual([])
    await Promise.resolve()
    expect(heard).toEqual(['b:{"type":"logout"}'])

    tabB.close()
    tabA.post('again')
    await Promise.resolve()
    expect(heard).toEqual(['b:{"type":"logout"}'])
  })
})
