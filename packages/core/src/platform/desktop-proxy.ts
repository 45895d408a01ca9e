import { abortReason } from '../kernel/clock.ts'
import { MalformedReplyError } from '../kernel/malformed-reply.ts'
import type { FetchLike } from '../kernel/ports.ts'
import { checkProxyReply, type ProxyReply } from './proxy-reply.ts'

export type { ProxyReply } from './proxy-reply.ts'

/**
 * The desktop wrapper's command contract (spec section 1). The native side answers four commands:
 *
 * - `proxy` `{ url, method, headers, body }` (ProxyRequest): makes the request and answers a
 *   ProxyReply; a server that cannot be reached is a rejected invoke.
 * - `get_auth_token` `{ key? }`: the value kept under `key`, or null when there is none.
 * - `save_auth_token` `{ token, key? }`: keeps `token` under `key`, replacing what was there.
 * - `clear_auth_token` `{ key? }`: forgets what is kept under `key` (nothing kept is not an error).
 *
 * Without `key` the value is the access token (spec section 1). The core also keeps the auth
 * session (supabase-js's session with its refresh token, and the PKCE verifier, as one JSON text)
 * under DESKTOP_AUTH_SESSION_KEY. A `key` is a short name (letters, digits, `_`, `.`, `-`); the native
 * side keeps each key's value apart, outside the webview (a keychain, or a file only its owner reads).
 * `save_auth_token` and `clear_auth_token` reject when the value could not be kept or cleared.
 *
 * Every request the page makes goes through `proxy`: the API, Supabase Auth, beacons and media (in
 * Range requests, answered 206). Each proxied request carries the wrapper's user agent (see
 * desktop-user-agent.ts) in its `user-agent` header, and the native side sends the headers given.
 */
export type Invoke = (command: string, args?: Record<string, unknown>) => Promise<unknown>

/** The native store's key for the auth session (see Invoke). */
export const DESKTOP_AUTH_SESSION_KEY = 'auth_session'

/** What the client sends to the native `proxy` command. `body` is the request body as text, or null. */
export interface ProxyRequest {
  url: string
  method: string
  headers: Record<string, string>
  body: string | null
}

const NULL_BODY_STATUSES = new Set([204, 205, 304])

/**
 * A fetch-shaped transport over `invoke('proxy', { url, method, headers, body })`. `userAgent`: the
 * `user-agent` header of every request that sets none.
 */
export function createProxyFetch(invoke: Invoke, options: { userAgent?: () => string } = {}): FetchLike {
  return async (input, init) => {
    const request = new Request(input, init)
    const { signal } = request
    if (signal.aborted) throw abortReason(signal)
    // A text body is taken as given, with no await before the invoke: inside `pagehide` Chromium
    // never settles `request.text()`, and a beacon (end-watch, the visit's end) would never leave.
    const text =
      request.method === 'GET' || request.method === 'HEAD'
        ? ''
        : typeof init?.body === 'string'
          ? init.body
          : await request.text()
    const headers = Object.fromEntries(request.headers)
    if (options.userAgent && headers['user-agent'] === undefined) headers['user-agent'] = options.userAgent()
    const proxyRequest: ProxyRequest = {
      url: request.url,
      method: request.method,
      headers,
      body: text === '' ? null : text,
    }
    let reply: unknown
    try {
      reply = await abortable(invoke('proxy', { ...proxyRequest }), signal)
    } catch (error) {
      if (signal.aborted) throw error
      throw new TypeError('desktop proxy request failed', { cause: error })
    }
    const checked = checkProxyReply(reply)
    if (checked === 'none') throw new TypeError('desktop proxy returned no reply', { cause: reply })
    if (checked === 'malformed')
      throw new MalformedReplyError('desktop proxy returned a malformed reply', { cause: reply })
    return toResponse(checked)
  }
}

function toResponse(reply: ProxyReply): Response {
  const body = NULL_BODY_STATUSES.has(reply.status) || reply.body == null ? null : decodeBody(reply)
  return new Response(body, { status: reply.status, statusText: reply.statusText ?? '', headers: reply.headers })
}

function decodeBody(reply: ProxyReply): BodyInit {
  const body = reply.body ?? ''
  if (reply.bodyEncoding !== 'base64') return body
  const binary = atob(body)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal))
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort)
        resolve(value)
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort)
        reject(error)
      },
    )
  })
}
