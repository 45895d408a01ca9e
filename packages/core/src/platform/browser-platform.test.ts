import { describe, expect, it } from 'vitest'
import {
  type BrowserDocumentLike,
  type BrowserWindowLike,
  browserPlatform,
  type StorageLike,
} from './browser-platform.ts'

class FakeStorage implements StorageLike {
  readonly map = new Map<string, string>()
  getItem(key: string) {
    return this.map.get(key) ?? null
  }
  setItem(key: string, value: string) {
    this.map.set(key, value)
  }
  removeItem(key: string) {
    this.map.delete(key)
  }
}

/** document.cookie semantics: assignments set or (Max-Age=0) delete one cookie; reads list them. */
class FakeDocument extends EventTarget implements BrowserDocumentLike {
  readonly jar = new Map<string, string>()
  readonly assignments: string[] = []
  visibilityState = 'visible'
  referrer = 'https://search.naver.com/search.naver?query=coursekit'
  get cookie() {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ')
  }
  set cookie(assignment: string) {
    this.assignments.push(assignment)
    const [pair] = assignment.split(';')
    const eq = pair!.indexOf('=')
    const name = pair!.slice(0, eq)
    if (/Max-Age=0(;|$)/.test(assignment)) this.jar.delete(name)
    else this.jar.set(name, pair!.slice(eq + 1))
  }
  override addEventListener(type: string, listener: () => void) {
    super.addEventListener(type, listener)
  }
  override removeEventListener(type: string, listener: () => void) {
    super.removeEventListener(type, listener)
  }
}

function fakeBrowser(url = 'https://app.coursekit.test/courses') {
  const moves: string[] = []
  const beacons: [string, string | undefined][] = []
  const fetched: string[] = []
  let unsubscribed = 0
  const location = new URL(url)
  const target = new EventTarget()
  const window = {
    location: {
      get href() {
        return location.href
      },
      get origin() {
        return location.origin
      },
      get pathname() {
        return location.pathname
      },
      get search() {
        return location.search
      },
      get hash() {
        return location.hash
      },
      assign: (to: string) => moves.push(`assign ${to}`),
      replace: (to: string) => moves.push(`replace ${to}`),
    },
    localStorage: new FakeStorage(),
    get sessionStorage(): StorageLike {
      throw new DOMException('The operation is insecure.', 'SecurityError')
    },
    navigator: {
      userAgent: 'Mozilla/5.0 (fake)',
      sendBeacon: (beaconUrl: string, data?: string) => {
        beacons.push([beaconUrl, data])
        return true
      },
      serviceWorker: {
        getRegistration: async () => ({
          pushManager: {
            getSubscription: async () => ({
              unsubscribe: async () => {
                unsubscribed++
                return true
              },
            }),
          },
        }),
      },
    },
    fetch: async (input: RequestInfo | URL) => {
      fetched.push(String(input))
      return new Response('ok')
    },
    addEventListener: (type: string, listener: () => void) => target.addEventListener(type, listener),
    removeEventListener: (type: string, listener: () => void) => target.removeEventListener(type, listener),
    BroadcastChannel,
  } satisfies BrowserWindowLike
  const document = new FakeDocument()
  return {
    window,
    document,
    target,
    moves,
    beacons,
    fetched,
    unsubscribed: () => unsubscribed,
    platform: browserPlatform({ window, document }),
  }
}

describe('browserPlatform', () => {
  it('refuses to start without window and document (Node), saying what to use instead', () => {
    expect(() => browserPlatform()).toThrow(/nodePlatform/)
  })

  it('reads the location fresh on every call', () => {
    const { platform } = fakeBrowser('https://app.coursekit.test/sign/complete/u1/a%40b.test?x=1#h')
    expect(platform.location.current()).toEqual({
      href: 'https://app.coursekit.test/sign/complete/u1/a%40b.test?x=1#h',
      origin: 'https://app.coursekit.test',
      pathname: '/sign/complete/u1/a%40b.test',
      search: '?x=1',
      hash: '#h',
    })
  })

  it('navigates with location.assign, or replace when asked', () => {
    const { platform, moves } = fakeBrowser()
    platform.navigator.navigate('/sign/in')
    platform.navigator.navigate('/', { replace: true })
    expect(moves).toEqual(['assign /sign/in', 'replace /'])
  })

  it('uses localStorage, and memory where the browser refuses sessionStorage', () => {
    const { platform, window } = fakeBrowser()
    platform.storage.set('returning_user', 'true')
    expect(window.localStorage.getItem('returning_user')).toBe('true')
    expect(platform.storage.get('returning_user')).toBe('true')
    platform.storage.remove('returning_user')
    expect(window.localStorage.getItem('returning_user')).toBeNull()

    platform.sessionStorage.set('profileRedirectCount', '2')
    expect(platform.sessionStorage.get('profileRedirectCount')).toBe('2')
    platform.sessionStorage.remove('profileRedirectCount')
    expect(platform.sessionStorage.get('profileRedirectCount')).toBeNull()
  })

  it('writes and reads document.cookie, and the token store sets a secure lax 7-day cookie on https', async () => {
    const { platform, document, window } = fakeBrowser()
    await platform.tokenStore.set('jwt.token.value')
    expect(document.assignments).toEqual(['auth_token=jwt.token.value; Path=/; Max-Age=604800; SameSite=Lax; Secure'])
    expect(window.localStorage.getItem('auth_token')).toBe('jwt.token.value')
    expect(await platform.tokenStore.get()).toBe('jwt.token.value')

    await platform.tokenStore.clear()
    expect(document.assignments.at(-1)).toBe('auth_token=; Path=/; Max-Age=0')
    expect(document.jar.has('auth_token')).toBe(false)
    expect(await platform.tokenStore.get()).toBeNull()

    platform.cookies.set('user_role_info', '{"role":"USER"}')
    expect(platform.cookies.get('user_role_info')).toBe('{"role":"USER"}')
  })

  it('sends beacons with sendBeacon as text', () => {
    const { platform, beacons } = fakeBrowser()
    expect(platform.beacon.send('https://api.test/api/v2/session-tracker/end', '{"sessionId":"s"}')).toBe(true)
    expect(beacons).toEqual([['https://api.test/api/v2/session-tracker/end', '{"sessionId":"s"}']])
  })

  it('falls back to a keepalive fetch when sendBeacon throws', async () => {
    const browser = fakeBrowser()
    browser.window.navigator.sendBeacon = () => {
      throw new TypeError('quota')
    }
    expect(browser.platform.beacon.send('https://api.test/end', '{}')).toBe(true)
    await Promise.resolve()
    expect(browser.fetched).toEqual(['https://api.test/end'])
  })

  it('calls the page fetch (bound to window, as browsers require)', async () => {
    const { platform, fetched } = fakeBrowser()
    await platform.fetch('https://api.test/api/ping')
    expect(fetched).toEqual(['https://api.test/api/ping'])
  })

  it('reports pagehide and visibility changes until unsubscribed', () => {
    const { platform, target, document } = fakeBrowser()
    const seen: string[] = []
    const stopHide = platform.lifecycle.onPageHide(() => seen.push('hide'))
    const stopVisibility = platform.lifecycle.onVisibilityChange((visible) => seen.push(`visible:${visible}`))
    document.visibilityState = 'hidden'
    document.dispatchEvent(new Event('visibilitychange'))
    target.dispatchEvent(new Event('pagehide'))
    expect(platform.lifecycle.isVisible()).toBe(false)
    stopHide()
    stopVisibility()
    target.dispatchEvent(new Event('pagehide'))
    document.dispatchEvent(new Event('visibilitychange'))
    expect(seen).toEqual(['visible:false', 'hide'])
  })

  it('unsubscribes web push, and tolerates a browser without it', async () => {
    const browser = fakeBrowser()
    await browser.platform.push.unsubscribe()
    expect(browser.unsubscribed()).toBe(1)

    const bare = fakeBrowser()
    delete (bare.window.navigator as { serviceWorker?: unknown }).serviceWorker
    const platform = browserPlatform({ window: bare.window, document: bare.document })
    await expect(platform.push.unsubscribe()).resolves.toBeUndefined()
  })

  it('reports the browser user agent but leaves the header to the browser', () => {
    const { platform } = fakeBrowser()
    expect(platform.userAgent()).toBe('Mozilla/5.0 (fake)')
    expect(platform.referrer()).toBe('https://search.naver.com/search.naver?query=coursekit')
    expect(platform.maxTouchPoints()).toBe(0)
    expect(platform.sendsUserAgentHeader).toBe(false)
    expect(platform.name).toBe('browser')
  })

  it('reports navigator.maxTouchPoints, which tells an iPad in desktop mode from a Mac', () => {
    const { window, platform } = fakeBrowser()
    Object.assign(window.navigator, { maxTouchPoints: 5 })
    expect(platform.maxTouchPoints()).toBe(5)
  })

  it('talks to other tabs over BroadcastChannel', async () => {
    const a = fakeBrowser().platform.broadcast('coursekit-test')
    const b = fakeBrowser().platform.broadcast('coursekit-test')
    const received = new Promise((resolve) => b.subscribe(resolve))
    a.post({ type: 'logout' })
    await expect(received).resolves.toEqual({ type: 'logout' })
    a.close()
    b.close()
  })
})

// Compile-time check (tsc): the real DOM window and document fit the structural types.
export const fitsTheDom = (window: Window, document: Document): Parameters<typeof browserPlatform>[0] => ({
  window,
  document,
})
