import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { ProxyReply, ProxyRequest } from '@coursekit/core'

/**
 * The desktop wrapper's native side in Node, for the browser tests: what apps/desktop does with
 * libsoup and a token file, answering the core's command contract (packages/core/src/platform/
 * desktop-proxy.ts):
 *
 * - `proxy` makes a real HTTP request from Node, binary-safe: the body as text when it is textual
 *   UTF-8, else base64; every response header as [name, value] pairs (repeated ones stay repeated);
 *   request headers passed on as given (Range too, so media answers 206), except the user agent,
 *   which is always the wrapper's own; a request with no data for `timeoutMs` fails, as does one
 *   that cannot reach the server (a rejected invoke).
 * - `get_auth_token`, `save_auth_token`, `clear_auth_token` keep values by `key` (none: the access
 *   token) in a Map outside the page, which the test reads.
 * - Every command is logged by name, with the method and URL (without its query) of a proxied
 *   request or the key of a token command: never a token, a header or a body.
 */
export interface DesktopHostOptions {
  /** The wrapper's user agent, sent on every proxied request. */
  userAgent: string
  /** How long a request may wait for the connection or the next data. Default 30 s. */
  timeoutMs?: number
  /** Told each value the page asks to keep, kept or refused (the test collects the tokens it must never find in the page's storage). */
  onSave?(key: string, value: string): void
}

/** A proxied request: `status` and how the body came back (`encoding`) once answered. */
export interface ProxyLogEntry {
  command: 'proxy'
  method: string
  url: string
  status: number | null
  encoding: 'text' | 'base64' | null
}

export type CommandLogEntry =
  | ProxyLogEntry
  | { command: 'get_auth_token' | 'save_auth_token' | 'clear_auth_token'; key: string }
  /** A command made to fail (failWhen). */
  | { command: 'failed'; failed: string }

/** The key of the access token when a token command names none (apps/desktop's, too). */
export const AUTH_TOKEN_KEY = 'auth_token'

/** Headers Node's HTTP client sets from the request itself, or the wrapper owns. */
const MANAGED_REQUEST_HEADERS = new Set(['host', 'content-length', 'connection', 'user-agent', 'transfer-encoding'])
const NULL_BODY_STATUSES = new Set([204, 205, 304])

export class DesktopHost {
  readonly userAgent: string
  /** The native token store: key to value. */
  readonly tokens = new Map<string, string>()
  /** Every command the page invoked, in order. */
  readonly log: CommandLogEntry[] = []
  readonly #timeoutMs: number
  readonly #onSave: (key: string, value: string) => void

  constructor(options: DesktopHostOptions) {
    this.userAgent = options.userAgent
    this.#timeoutMs = options.timeoutMs ?? 30_000
    this.#onSave = options.onSave ?? (() => {})
  }

  readonly #failures: { command: string; when: (args: Record<string, unknown>) => boolean; message: string }[] = []

  /**
   * From now on `command` fails (rejects with `message`, as a native error does) whenever `when`
   * holds for its arguments: a keychain that refuses, a server the proxy cannot reach.
   */
  failWhen(command: string, when: (args: Record<string, unknown>) => boolean, message: string): void {
    this.#failures.push({ command, when, message })
  }

  /** Lifts every failure set with failWhen. */
  recover(): void {
    this.#failures.length = 0
  }

  /** Answers one command, as the wrapper's `invoke` handler does; throws a message naming the command. */
  async invoke(command: string, args: unknown): Promise<unknown> {
    if (args === null || typeof args !== 'object' || Array.isArray(args)) {
      throw new Error(`${command}: the arguments must be an object`)
    }
    const given = args as Record<string, unknown>
    const failure = this.#failures.find((entry) => entry.command === command && entry.when(given))
    if (failure) {
      // Still told, so a test knows the token the page tried to keep and can look for it elsewhere.
      if (command === 'save_auth_token' && typeof given.token === 'string')
        this.#onSave(keyOf(command, given), given.token)
      this.log.push({ command: 'failed', failed: command })
      throw new Error(`${command}: ${failure.message}`)
    }
    switch (command) {
      case 'proxy':
        return this.#proxy(given)
      case 'get_auth_token': {
        const key = keyOf(command, given)
        this.log.push({ command, key })
        return this.tokens.get(key) ?? null
      }
      case 'save_auth_token': {
        const key = keyOf(command, given)
        this.log.push({ command, key })
        if (typeof given.token !== 'string') throw new Error('save_auth_token: token must be a string')
        this.tokens.set(key, given.token)
        this.#onSave(key, given.token)
        return null
      }
      case 'clear_auth_token': {
        const key = keyOf(command, given)
        this.log.push({ command, key })
        this.tokens.delete(key)
        return null
      }
      default:
        throw new Error(`unknown command: ${command}`)
    }
  }

  /** The proxied requests, optionally those whose path ends in `pathSuffix`. */
  proxied(pathSuffix?: string): ProxyLogEntry[] {
    return this.log.filter(
      (entry): entry is ProxyLogEntry =>
        entry.command === 'proxy' && (pathSuffix === undefined || new URL(entry.url).pathname.endsWith(pathSuffix)),
    )
  }

  async #proxy(args: Record<string, unknown>): Promise<ProxyReply> {
    const request = checkRequest(args)
    const entry: ProxyLogEntry = {
      command: 'proxy',
      method: request.method,
      url: withoutQuery(request.url),
      status: null,
      encoding: null,
    }
    this.log.push(entry)
    const reply = await send(request, this.userAgent, this.#timeoutMs)
    entry.status = reply.status
    entry.encoding = reply.body == null ? null : (reply.bodyEncoding ?? 'text')
    return reply
  }
}

function keyOf(command: string, args: Record<string, unknown>): string {
  if (args.key === undefined || args.key === null) return AUTH_TOKEN_KEY
  if (typeof args.key !== 'string' || !/^[\w.-]{1,64}$/.test(args.key))
    throw new Error(`${command}: key must be a short name`)
  return args.key
}

function checkRequest(args: Record<string, unknown>): ProxyRequest {
  const { url, method, headers = {}, body = null } = args
  if (typeof url !== 'string') throw new Error('proxy: url must be a string')
  if (typeof method !== 'string' || !/^[A-Za-z]+$/.test(method)) throw new Error('proxy: method must be an HTTP method')
  if (headers === null || typeof headers !== 'object' || Array.isArray(headers))
    throw new Error('proxy: headers must be an object')
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value !== 'string') throw new Error(`proxy: header ${name} must be a string`)
  }
  if (body !== null && typeof body !== 'string') throw new Error('proxy: body must be text or null')
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new Error(`proxy: not a URL: ${url}`)
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new Error(`proxy: only http and https URLs, not ${parsed.protocol}`)
  }
  return { url, method: method.toUpperCase(), headers: headers as Record<string, string>, body }
}

function send(request: ProxyRequest, userAgent: string, timeoutMs: number): Promise<ProxyReply> {
  const url = new URL(request.url)
  const body = request.body === null ? null : Buffer.from(request.body, 'utf8')
  const headers: Record<string, string> = { 'user-agent': userAgent }
  for (const [name, value] of Object.entries(request.headers)) {
    if (!MANAGED_REQUEST_HEADERS.has(name.toLowerCase())) headers[name] = value
  }
  if (body !== null) headers['content-length'] = String(body.byteLength)
  const requestFn = url.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise<ProxyReply>((resolve, reject) => {
    // Waiting for the connection, the answer or its next data: each restarts the wait.
    let timer: NodeJS.Timeout | undefined
    const failed = (error: Error) => {
      clearTimeout(timer)
      reject(new Error(`${request.method} ${url.origin}${url.pathname} failed: ${error.message}`))
    }
    const outgoing = requestFn(url, { method: request.method, headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk)
        arm()
      })
      response.on('end', () => {
        clearTimeout(timer)
        resolve(toReply(request.method, response, Buffer.concat(chunks)))
      })
      response.on('error', failed)
    })
    const arm = () => {
      clearTimeout(timer)
      timer = setTimeout(() => outgoing.destroy(new Error(`no data for ${timeoutMs} ms`)), timeoutMs)
    }
    arm()
    outgoing.on('error', failed)
    outgoing.end(body ?? undefined)
  })
}

function toReply(method: string, response: IncomingMessage, bytes: Buffer): ProxyReply {
  const status = response.statusCode ?? 0
  const headers: [string, string][] = []
  for (let i = 0; i + 1 < response.rawHeaders.length; i += 2) {
    headers.push([(response.rawHeaders[i] as string).toLowerCase(), response.rawHeaders[i + 1] as string])
  }
  const reply = { status, statusText: response.statusMessage ?? '', headers }
  if (bytes.byteLength === 0 && (NULL_BODY_STATUSES.has(status) || method === 'HEAD')) return { ...reply, body: null }
  const text = textualBody(response.headers['content-type'], bytes)
  if (text !== null) return { ...reply, body: text, bodyEncoding: 'text' }
  return { ...reply, body: bytes.toString('base64'), bodyEncoding: 'base64' }
}

/** The body as text when its type is textual and it is valid UTF-8; otherwise null (sent as base64). */
function textualBody(contentType: string | undefined, bytes: Buffer): string | null {
  if (bytes.byteLength === 0) return ''
  const [type = '', ...params] = (contentType ?? '')
    .toLowerCase()
    .split(';')
    .map((part) => part.trim())
  if (!isTextual(type)) return null
  const charset = params
    .find((param) => param.startsWith('charset='))
    ?.slice('charset='.length)
    .replace(/"/g, '')
  if (charset && !/^utf-?8$/.test(charset)) return null
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes)
  } catch {
    return null
  }
}

function isTextual(type: string): boolean {
  return (
    type.startsWith('text/') ||
    type === 'application/json' ||
    type.endsWith('+json') ||
    type === 'application/javascript' ||
    type === 'application/xml' ||
    type.endsWith('+xml') ||
    type === 'application/x-www-form-urlencoded'
  )
}

function withoutQuery(url: string): string {
  return url.replace(/[?#].*$/, '')
}
