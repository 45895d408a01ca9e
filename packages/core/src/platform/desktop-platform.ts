import type { FetchLike, MediaPort, Platform, TokenStore } from '../kernel/ports.ts'
import { fetchInRanges } from '../media/media-ranges.ts'
import { browserPlatform } from './browser-platform.ts'
import { nativeAuthSessionStorage } from './desktop-auth-session.ts'
import { createProxyFetch, type Invoke } from './desktop-proxy.ts'
import { desktopUserAgent } from './desktop-user-agent.ts'

export interface DesktopPlatformOptions {
  /** The wrapper's command bridge, e.g. `invoke` from `@tauri-apps/api/core`. */
  invoke: Invoke
  /** The webview side (storage, cookies, location, ...). Default: browserPlatform(). */
  base?: Platform
  /**
   * The app's version, for the user agent's `CoursekitDesktop/<version>` where the wrapper did not
   * set the webview's user agent itself (see DESKTOP_USER_AGENT_TOKEN).
   */
  appVersion?: string
}

/**
 * The desktop wrapper of spec section 1: a webview whose requests go through the native `proxy`
 * command (the API, Supabase Auth, beacons and media files alike) and whose token and auth session
 * live in the native store (`get_auth_token`, `save_auth_token`, `clear_auth_token`; see Invoke),
 * never in web storage or cookies. Everything else is the webview's browser platform, including
 * `locks` (the webview's Web Locks: windows of one wrapper elect one heartbeat sender as browser
 * tabs do).
 */
export function desktopPlatform(options: DesktopPlatformOptions): Platform {
  const base = options.base ?? browserPlatform()
  const userAgent = () => desktopUserAgent(base.userAgent(), options.appVersion)
  const fetch = createProxyFetch(options.invoke, { userAgent })
  return {
    ...base,
    name: 'desktop',
    fetch,
    // A webview's own beacon would skip the proxy that exists because direct requests fail.
    beacon: { send: (url, body, beaconOptions) => sendThroughProxy(fetch, url, body, beaconOptions?.headers) },
    tokenStore: nativeTokenStore(options.invoke),
    authSessionStorage: nativeAuthSessionStorage(options.invoke),
    media: proxiedMedia(fetch),
    userAgent,
    // The native side makes the request, so nothing adds a user agent unless the client does.
    sendsUserAgentHeader: true,
  }
}

function sendThroughProxy(fetch: FetchLike, url: string, body: string, headers?: Record<string, string>): boolean {
  const contentType = headers ? 'application/json' : 'text/plain;charset=UTF-8'
  fetch(url, { method: 'POST', body, headers: { 'content-type': contentType, ...headers } }).catch(() => {})
  return true
}

/** Media files through the proxy, in Range requests: the webview's own loads would skip it. */
function proxiedMedia(fetch: FetchLike): MediaPort {
  return { load: (url, signal) => fetchInRanges(fetch, url, { signal }) }
}

/**
 * The access token under no key. `get` resolves null when the native side has none or fails (at
 * start-up that is "signed out", never a blank page); `set` and `clear` reject on failure.
 */
export function nativeTokenStore(invoke: Invoke): TokenStore {
  return {
    async get() {
      try {
        const token = await invoke('get_auth_token')
        return typeof token === 'string' && token !== '' ? token : null
      } catch {
        return null
      }
    },
    async set(token) {
      await invoke('save_auth_token', { token })
    },
    async clear() {
      await invoke('clear_auth_token')
    },
  }
}
