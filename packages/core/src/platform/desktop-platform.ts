import type { FetchLike, Platform, TokenStore } from '../kernel/ports.ts'
import { browserPlatform } from './browser-platform.ts'
import { createProxyFetch, type Invoke } from './desktop-proxy.ts'

export interface DesktopPlatformOptions {
  /** The wrapper's command bridge, e.g. `invoke` from `@tauri-apps/api/core`. */
  invoke: Invoke
  /** The webview side (storage, cookies, location, ...). Default: browserPlatform(). */
  base?: Platform
}

/**
 * The desktop wrapper of spec section 1: a webview whose requests go through the native `proxy`
 * command and whose token lives in native storage (`get_auth_token`, `save_auth_token`,
 * `clear_auth_token`). Everything else is the webview's browser platform, including `locks` (the
 * webview's Web Locks: windows of one wrapper elect one heartbeat sender as browser tabs do).
 */
export function desktopPlatform(options: DesktopPlatformOptions): Platform {
  const base = options.base ?? browserPlatform()
  const fetch = createProxyFetch(options.invoke)
  return {
    ...base,
    name: 'desktop',
    fetch,
    // A webview's own beacon would skip the proxy that exists because direct requests fail.
    beacon: { send: (url, body, beaconOptions) => sendThroughProxy(fetch, url, body, beaconOptions?.headers) },
    tokenStore: nativeTokenStore(options.invoke),
    // The native side makes the request, so nothing adds a user agent unless the client does.
    sendsUserAgentHeader: true,
  }
}

function sendThroughProxy(fetch: FetchLike, url: string, body: string, headers?: Record<string, string>): boolean {
  const contentType = headers ? 'application/json' : 'text/plain;charset=UTF-8'
  fetch(url, { method: 'POST', body, headers: { 'content-type': contentType, ...headers } }).catch(() => {})
  return true
}

/** `get` resolves null when the native side has no token or fails; `set` and `clear` reject on failure. */
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
