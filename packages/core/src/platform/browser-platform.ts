import type {
  BroadcastPort,
  FetchLike,
  KeyValueStorage,
  LocationSnapshot,
  LocksPort,
  Platform,
} from '../kernel/ports.ts'
import { type HistoryLike, listenToHistory, type NavigationLike } from './browser-history.ts'
import { readCookie, serializeCookie } from './cookie-header.ts'
import { createMemoryStorage } from './memory-storage.ts'
import { createWebTokenStore } from './web-token-store.ts'

/** The parts of `window` the browser platform uses; a real `window` fits, and so does a test fake. */
export interface BrowserWindowLike {
  location: LocationSnapshot & { assign(url: string): void; replace(url: string): void }
  /** Heard for moves without a page load (pushState, replaceState), where the Navigation API is missing. */
  readonly history?: HistoryLike
  /** The Navigation API, where the browser has it: it reports every move without a page load. */
  readonly navigation?: NavigationLike
  readonly localStorage?: StorageLike
  readonly sessionStorage?: StorageLike
  navigator: {
    userAgent: string
    readonly maxTouchPoints?: number
    sendBeacon?(url: string, data?: string): boolean
    serviceWorker?: { getRegistration(): Promise<PushRegistrationLike | undefined> }
    /** Web Locks (every current browser; absent in old ones and some embedded webviews). */
    locks?: LockManagerLike
  }
  fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response>
  addEventListener(type: string, listener: () => void): void
  removeEventListener(type: string, listener: () => void): void
  BroadcastChannel?: new (name: string) => BroadcastChannelLike
}

export interface BrowserDocumentLike {
  cookie: string
  readonly referrer?: string
  readonly visibilityState: string
  addEventListener(type: string, listener: () => void): void
  removeEventListener(type: string, listener: () => void): void
}

export interface StorageLike {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

export interface PushRegistrationLike {
  pushManager: { getSubscription(): Promise<{ unsubscribe(): Promise<boolean> } | null> }
}

export interface BroadcastChannelLike {
  postMessage(message: unknown): void
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void
  removeEventListener(type: 'message', listener: (event: { data: unknown }) => void): void
  close(): void
}

export interface LockManagerLike {
  request(name: string, options: { signal?: AbortSignal }, callback: (lock: unknown) => Promise<void>): Promise<unknown>
  query?(): Promise<{ held?: { name?: string }[] }>
}

export interface BrowserPlatformOptions {
  /** Default: the page's `window`, read when browserPlatform() is called (never at import). */
  window?: BrowserWindowLike
  document?: BrowserDocumentLike
}

/**
 * The browser: localStorage/sessionStorage (falling back to memory where the browser refuses them,
 * as private modes do), document.cookie, location (and its history changes), sendBeacon, pagehide/visibilitychange, web push,
 * BroadcastChannel, Web Locks and the page's fetch. Globals are read only inside this call and the functions it
 * returns, so importing the core stays safe in Node and server rendering.
 */
export function browserPlatform(options: BrowserPlatformOptions = {}): Platform {
  const globals = globalThis as unknown as { window?: BrowserWindowLike; document?: BrowserDocumentLike }
  const win = options.window ?? globals.window
  const doc = options.document ?? globals.document
  if (!win || !doc) {
    throw new TypeError('browserPlatform() needs window and document; outside a browser use nodePlatform()')
  }

  const location = {
    current: (): LocationSnapshot => {
      const { href, origin, pathname, search, hash } = win.location
      return { href, origin, pathname, search, hash }
    },
    subscribe: (listener: () => void) => listenToHistory(win, listener),
  }
  const cookies = {
    get: (name: string) => readCookie(doc.cookie, name),
    set: (name: string, value: string, cookieOptions?: Parameters<typeof serializeCookie>[2]) => {
      doc.cookie = serializeCookie(name, value, cookieOptions)
    },
    remove: (name: string, cookieOptions: { path?: string } = {}) => {
      doc.cookie = serializeCookie(name, '', { path: cookieOptions.path, maxAgeSeconds: 0 })
    },
  }
  const storage = webStorage(() => win.localStorage)
  const fetch: FetchLike = (input, init) => win.fetch(input, init)

  return {
    name: 'browser',
    fetch,
    storage,
    sessionStorage: webStorage(() => win.sessionStorage),
    cookies,
    location,
    navigator: {
      navigate(to, navigateOptions = {}) {
        if (navigateOptions.replace) win.location.replace(to)
        else win.location.assign(to)
      },
    },
    beacon: {
      send(url, body, beaconOptions) {
        if (beaconOptions?.headers) {
          // sendBeacon sends no headers; a keepalive fetch outlives the page the same way.
          fetch(url, {
            method: 'POST',
            body,
            keepalive: true,
            headers: { 'content-type': 'application/json', ...beaconOptions.headers },
          }).catch(() => {})
          return true
        }
        if (typeof win.navigator.sendBeacon === 'function') {
          try {
            return win.navigator.sendBeacon(url, body)
          } catch {
            // Some browsers throw for a body over their beacon quota; fall through to fetch.
          }
        }
        fetch(url, {
          method: 'POST',
          body,
          keepalive: true,
          headers: { 'content-type': 'text/plain;charset=UTF-8' },
        }).catch(() => {})
        return true
      },
    },
    lifecycle: {
      onPageHide(listener) {
        win.addEventListener('pagehide', listener)
        return () => win.removeEventListener('pagehide', listener)
      },
      onVisibilityChange(listener) {
        const handler = () => listener(doc.visibilityState === 'visible')
        doc.addEventListener('visibilitychange', handler)
        return () => doc.removeEventListener('visibilitychange', handler)
      },
      isVisible: () => doc.visibilityState === 'visible',
      onOnline(listener) {
        win.addEventListener('online', listener)
        return () => win.removeEventListener('online', listener)
      },
    },
    push: {
      async unsubscribe() {
        try {
          const registration = await win.navigator.serviceWorker?.getRegistration()
          const subscription = await registration?.pushManager.getSubscription()
          await subscription?.unsubscribe()
        } catch {
          // Push is best effort at logout: a browser without it, or a denied permission, is fine.
        }
      },
    },
    tokenStore: createWebTokenStore({ cookies, storage, location }),
    broadcast: (channel) => broadcastChannel(win, channel),
    locks: webLocks(win),
    userAgent: () => win.navigator.userAgent,
    referrer: () => doc.referrer ?? '',
    maxTouchPoints: () => win.navigator.maxTouchPoints ?? 0,
    sendsUserAgentHeader: false,
  }
}

/** Web storage that never throws: where the browser refuses it, values live in memory instead. */
function webStorage(resolve: () => StorageLike | undefined): KeyValueStorage {
  const fallback = createMemoryStorage()
  const attempt = <T>(use: (storage: StorageLike) => T, orElse: () => T): T => {
    try {
      const storage = resolve()
      return storage ? use(storage) : orElse()
    } catch {
      return orElse()
    }
  }
  return {
    get: (key) =>
      attempt(
        (storage) => storage.getItem(key) ?? fallback.get(key),
        () => fallback.get(key),
      ),
    set: (key, value) =>
      attempt(
        (storage) => {
          storage.setItem(key, value)
          fallback.remove(key)
        },
        () => fallback.set(key, value),
      ),
    remove: (key) => {
      fallback.remove(key)
      attempt(
        (storage) => storage.removeItem(key),
        () => {},
      )
    },
  }
}

/**
 * Web Locks: the lock is held while the request's callback is pending, so the callback waits for the
 * caller's signal. Without Web Locks every tab is granted at once ("always leader"): each tab then
 * sends its own heartbeats, which costs requests but never loses a device.
 */
function webLocks(win: BrowserWindowLike): LocksPort {
  return {
    acquire(name, signal) {
      if (signal.aborted) return Promise.resolve(false)
      const locks = win.navigator.locks
      if (!locks || typeof locks.request !== 'function') return Promise.resolve(true)
      return new Promise<boolean>((resolve) => {
        const held = () =>
          new Promise<void>((release) => {
            resolve(true)
            if (signal.aborted) release()
            else signal.addEventListener('abort', () => release(), { once: true })
          })
        try {
          // Rejects with the signal's reason when it aborts while waiting: not granted.
          locks.request(name, { signal }, held).catch(() => resolve(false))
        } catch {
          resolve(true)
        }
      })
    },
    async held() {
      try {
        const { held = [] } = (await win.navigator.locks?.query?.()) ?? {}
        return held.map((lock) => lock.name ?? '')
      } catch {
        return []
      }
    },
  }
}

function broadcastChannel(win: BrowserWindowLike, name: string): BroadcastPort {
  if (typeof win.BroadcastChannel !== 'function') {
    return { post: () => {}, subscribe: () => () => {}, close: () => {} }
  }
  const channel = new win.BroadcastChannel(name)
  return {
    post: (message) => channel.postMessage(message),
    subscribe(listener) {
      const handler = (event: { data: unknown }) => listener(event.data)
      channel.addEventListener('message', handler)
      return () => channel.removeEventListener('message', handler)
    },
    close: () => channel.close(),
  }
}
