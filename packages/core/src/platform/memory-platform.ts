import type {
  BeaconOptions,
  CookieOptions,
  CookiePort,
  FetchLike,
  LocationPort,
  LocationSnapshot,
  Platform,
} from '../kernel/ports.ts'
import { createMemoryBroadcast, type MemoryBroadcast } from './memory-broadcast.ts'
import { createMemoryLocks, type MemoryLocks } from './memory-locks.ts'
import { createMemoryStorage, type MemoryStorage } from './memory-storage.ts'
import { createWebTokenStore } from './web-token-store.ts'

export interface MemoryPlatformOptions {
  /** The page the "app" is on. Default http://localhost/. */
  url?: string
  userAgent?: string
  /** document.referrer of the page. Default ''. */
  referrer?: string
  /** navigator.maxTouchPoints. Default 0. */
  maxTouchPoints?: number
  /** Default: the global fetch, looked up at call time (so msw's interception applies). */
  fetch?: FetchLike
  storage?: Record<string, string>
  sessionStorage?: Record<string, string>
  cookies?: Record<string, string>
  visible?: boolean
  /** Share one in-memory broadcast between platforms to model tabs of one browser. Default: a private one. */
  sharedBroadcast?: MemoryBroadcast
  /** Share one in-memory lock set between platforms (with one broadcast) to model tabs of one browser. Default: a private one. */
  sharedLocks?: MemoryLocks
  /**
   * Use this local storage instead of a new one: tabs of one browser share it. `storage` seeds are
   * written into it.
   */
  sharedStorage?: MemoryStorage
  /** Also POST recorded beacons through `fetch` (fire and forget). Default false: only recorded. */
  deliverBeacons?: boolean
}

export interface RecordedNavigation {
  to: string
  replace: boolean
  /** The location after navigating. */
  href: string
}

export interface RecordedBeacon {
  url: string
  body: string
  /** Present when the beacon was sent with headers (a keepalive fetch in a browser). */
  headers?: Record<string, string>
}

export interface StoredCookie {
  value: string
  options: CookieOptions
}

/** An in-memory platform that records what the client did, for tests and the CLI's simulations. */
export interface MemoryPlatform extends Platform {
  readonly storage: MemoryStorage
  readonly sessionStorage: MemoryStorage
  readonly navigations: readonly RecordedNavigation[]
  readonly beacons: readonly RecordedBeacon[]
  readonly cookieJar: ReadonlyMap<string, StoredCookie>
  /** How many times push was unsubscribed. */
  pushUnsubscribeCount(): number
  /** Moves the page without recording a navigation (the user typed a URL, a test set the scene). */
  setLocation(url: string): void
  /**
   * Moves the page as the app's router does, without a page load (history.pushState): the location
   * port's subscribers hear it. Not recorded as a navigation.
   */
  routeTo(url: string): void
  setVisible(visible: boolean): void
  /** Fires the `online` listeners, as a browser does when the network comes back. */
  goOnline(): void
  /** Fires the page-hide listeners, as a closing tab would. */
  hidePage(): void
}

export function memoryPlatform(options: MemoryPlatformOptions = {}): MemoryPlatform {
  let url = new URL(options.url ?? 'http://localhost/')
  let visible = options.visible ?? true
  let pushUnsubscribes = 0
  const navigations: RecordedNavigation[] = []
  const beacons: RecordedBeacon[] = []
  const cookieJar = new Map<string, StoredCookie>(
    Object.entries(options.cookies ?? {}).map(([name, value]) => [name, { value, options: {} }]),
  )
  const pageHideListeners = new Set<() => void>()
  const visibilityListeners = new Set<(visible: boolean) => void>()
  const onlineListeners = new Set<() => void>()
  const fetch: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const broadcast = options.sharedBroadcast ?? createMemoryBroadcast()
  const locks = options.sharedLocks ?? createMemoryLocks()

  const locationListeners = new Set<() => void>()
  const location: LocationPort = {
    current: (): LocationSnapshot => snapshot(url),
    subscribe(listener) {
      locationListeners.add(listener)
      return () => {
        locationListeners.delete(listener)
      }
    },
  }
  const cookies: CookiePort = {
    get: (name) => cookieJar.get(name)?.value ?? null,
    set: (name, value, cookieOptions = {}) => {
      if (cookieOptions.maxAgeSeconds !== undefined && cookieOptions.maxAgeSeconds <= 0) cookieJar.delete(name)
      else cookieJar.set(name, { value, options: cookieOptions })
    },
    remove: (name) => {
      cookieJar.delete(name)
    },
  }
  const storage = options.sharedStorage ?? createMemoryStorage(options.storage)
  if (options.sharedStorage) for (const [key, value] of Object.entries(options.storage ?? {})) storage.set(key, value)

  return {
    name: 'memory',
    fetch,
    storage,
    sessionStorage: createMemoryStorage(options.sessionStorage),
    cookies,
    location,
    navigator: {
      navigate(to, navigateOptions = {}) {
        url = new URL(to, url)
        navigations.push({ to, replace: navigateOptions.replace ?? false, href: url.href })
      },
    },
    beacon: {
      send(beaconUrl, body, beaconOptions?: BeaconOptions) {
        const headers = beaconOptions?.headers
        beacons.push(headers ? { url: beaconUrl, body, headers: { ...headers } } : { url: beaconUrl, body })
        if (options.deliverBeacons) {
          const contentType = headers ? 'application/json' : 'text/plain;charset=UTF-8'
          fetch(beaconUrl, { method: 'POST', body, headers: { 'content-type': contentType, ...headers } }).catch(
            () => {},
          )
        }
        return true
      },
    },
    lifecycle: {
      onPageHide(listener) {
        pageHideListeners.add(listener)
        return () => {
          pageHideListeners.delete(listener)
        }
      },
      onVisibilityChange(listener) {
        visibilityListeners.add(listener)
        return () => {
          visibilityListeners.delete(listener)
        }
      },
      isVisible: () => visible,
      onOnline(listener) {
        onlineListeners.add(listener)
        return () => {
          onlineListeners.delete(listener)
        }
      },
    },
    push: {
      unsubscribe: async () => {
        pushUnsubscribes++
      },
    },
    tokenStore: createWebTokenStore({ cookies, storage, location }),
    broadcast,
    locks,
    userAgent: () => options.userAgent ?? 'coursekit-memory-platform',
    referrer: () => options.referrer ?? '',
    maxTouchPoints: () => options.maxTouchPoints ?? 0,
    sendsUserAgentHeader: true,
    navigations,
    beacons,
    cookieJar,
    pushUnsubscribeCount: () => pushUnsubscribes,
    setLocation(next) {
      url = new URL(next, url)
    },
    routeTo(next) {
      url = new URL(next, url)
      for (const listener of [...locationListeners]) listener()
    },
    setVisible(next) {
      if (next === visible) return
      visible = next
      for (const listener of [...visibilityListeners]) listener(visible)
    },
    goOnline() {
      for (const listener of [...onlineListeners]) listener()
    },
    hidePage() {
      for (const listener of [...pageHideListeners]) listener()
    },
  }
}

function snapshot(url: URL): LocationSnapshot {
  return { href: url.href, origin: url.origin, pathname: url.pathname, search: url.search, hash: url.hash }
}
