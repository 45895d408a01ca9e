/**
 * Ports: every contact the core has with the world. Services reach storage, cookies, the page,
 * the network and time only through a `Platform` (and a `Clock`), so the same services run in a
 * browser, a desktop webview, Node, server rendering and a simulation of hundreds of devices.
 */

/** `fetch`'s shape; the transport every request goes through. */
export type FetchLike = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>

/** A string key-value store (localStorage, sessionStorage, or a Map). Never throws. */
export interface KeyValueStorage {
  get(key: string): string | null
  set(key: string, value: string): void
  remove(key: string): void
}

export interface CookieOptions {
  maxAgeSeconds?: number
  path?: string
  sameSite?: 'lax' | 'strict' | 'none'
  secure?: boolean
}

export interface CookiePort {
  get(name: string): string | null
  set(name: string, value: string, options?: CookieOptions): void
  remove(name: string, options?: Pick<CookieOptions, 'path'>): void
}

/** Where the app is. Read fresh on every call: the page may have moved. */
export interface LocationPort {
  current(): LocationSnapshot
  /**
   * Calls `listener` after the app moved without a page load (history pushState / replaceState,
   * back and forward); returns the unsubscribe function. Optional: where a platform cannot hear
   * that, the app's router tells the client instead (`client.route.changed()`).
   */
  subscribe?(listener: () => void): () => void
}

export interface LocationSnapshot {
  href: string
  origin: string
  pathname: string
  search: string
  hash: string
}

export interface NavigateOptions {
  replace?: boolean
}

/** Goes to an app path (full page navigation in a browser; recorded in memory). */
export interface NavigatorPort {
  navigate(to: string, options?: NavigateOptions): void
}

/** Fire-and-forget delivery that survives the page going away (navigator.sendBeacon). */
export interface BeaconPort {
  /**
   * `body` is JSON text; it goes as text/plain, which needs no CORS preflight. False if not queued.
   * With `options.headers` it goes as JSON with those headers instead: sendBeacon cannot carry a
   * header, so browsers send a `fetch` with `keepalive: true` (which outlives the page as a beacon
   * does). That is how a non-public call such as end-watch, which needs the bearer token, still
   * reaches the server while the page goes away.
   */
  send(url: string, body: string, options?: BeaconOptions): boolean
}

export interface BeaconOptions {
  /** Extra request headers, e.g. `authorization`. */
  headers?: Record<string, string>
}

export interface LifecyclePort {
  /** The page is going away (pagehide). Returns the unsubscribe function. */
  onPageHide(listener: () => void): () => void
  onVisibilityChange(listener: (visible: boolean) => void): () => void
  isVisible(): boolean
  /**
   * The network came back (the window's `online` event). Optional: a platform that cannot tell
   * leaves it out, and reads are then revalidated on visibility alone.
   */
  onOnline?(listener: () => void): () => void
}

/** Web push; unsubscribed at logout. */
export interface PushPort {
  unsubscribe(): Promise<void>
}

/**
 * Where the access token is kept between page loads: a cookie plus local storage on the web, the
 * native `get_auth_token` / `save_auth_token` / `clear_auth_token` commands in the desktop wrapper.
 */
export interface TokenStore {
  get(): Promise<string | null>
  set(token: string): Promise<void>
  clear(): Promise<void>
}

/**
 * Where the auth session is kept: supabase-js's session (with its refresh token) and its PKCE
 * verifier. A browser keeps them in local storage; the desktop wrapper in its native store, read
 * into memory before auth starts, so supabase-js and the refresher can read them synchronously.
 */
export interface AuthSessionStorage extends KeyValueStorage {
  /**
   * Reads the store (again) into what `get` answers, after the writes already made. The auth
   * service waits for it before its first use of the session, and before each refresh (another
   * window of the app may have refreshed). Never rejects: a store that cannot be read leaves what
   * was read before (nothing, at start-up: signed out).
   */
  load(): Promise<void>
  /**
   * Resolves once every write made so far has reached the store: true, or false when one failed
   * since the last call (the caller shows 인증 정보 저장에 실패했습니다). Never rejects.
   */
  saved(): Promise<boolean>
}

/**
 * How the page's media elements (the lesson's video) get their files when the page cannot reach
 * the media host itself: the desktop wrapper's page reaches nothing but through the native proxy.
 * A platform without this port lets the element load the file's URL, as a browser does.
 */
export interface MediaPort {
  /** The whole file at `url`, through the platform's transport. Rejects with a MediaLoadError. */
  load(url: string, signal: AbortSignal): Promise<Blob>
}

/** A named channel to the other tabs of the same app (BroadcastChannel in browsers). */
export interface BroadcastPort {
  post(message: unknown): void
  subscribe(listener: (message: unknown) => void): () => void
  close(): void
}

/**
 * Exclusive named locks shared by the tabs (and workers) of one browser: Web Locks in browsers, a
 * shared in-memory hub elsewhere. The tabs of one device use it to choose the one tab that sends the
 * device's heartbeats; when the holder goes away the next waiter gets the lock.
 */
export interface LocksPort {
  /**
   * Resolves true once this context holds the lock `name`; it keeps it until `signal` aborts (or the
   * page goes away). Resolves false when `signal` aborts before the lock was granted. Never rejects.
   * Where the platform has no way to share locks, every caller is granted at once ("always leader").
   */
  acquire(name: string, signal: AbortSignal): Promise<boolean>
  /**
   * The names of the locks held now, by any context (navigator.locks.query). Ordered with the grants:
   * a lock taken before another was let go is among them for whoever is granted that one next.
   * Never rejects; empty where the platform has no way to share locks.
   */
  held(): Promise<string[]>
}

export interface Platform {
  /** For diagnostics and defaults only; services must not branch on it. */
  readonly name: 'browser' | 'node' | 'memory' | 'desktop' | (string & {})
  /** The transport: `fetch`, or the desktop wrapper's native proxy behind a fetch-shaped function. */
  readonly fetch: FetchLike
  readonly storage: KeyValueStorage
  readonly sessionStorage: KeyValueStorage
  readonly cookies: CookiePort
  readonly location: LocationPort
  readonly navigator: NavigatorPort
  readonly beacon: BeaconPort
  readonly lifecycle: LifecyclePort
  readonly push: PushPort
  readonly tokenStore: TokenStore
  /** Where supabase-js's session and PKCE verifier are kept. Default: `storage` (see authSessionStorageOf). */
  readonly authSessionStorage?: AuthSessionStorage
  /** How media files reach the page's elements. Default: the element loads the URL itself. */
  readonly media?: MediaPort
  readonly broadcast: (channel: string) => BroadcastPort
  readonly locks: LocksPort
  userAgent(): string
  /** The page that linked here (document.referrer), or '' when there is none. */
  referrer(): string
  /** navigator.maxTouchPoints: tells an iPad in desktop mode (a Mac user agent) from a Mac. 0 off-browser. */
  maxTouchPoints(): number
  /**
   * Whether the API client should set the User-Agent header itself. Browsers send their own (and
   * some refuse the header), so browser platforms say false.
   */
  readonly sendsUserAgentHeader: boolean
}
