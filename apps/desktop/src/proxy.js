// The native `proxy` command: one HTTP request through libsoup 3, answered in the shape of the core's
// `ProxyReply` (packages/core/src/platform/desktop-proxy.ts).
//
// What must stay true:
// - Only http and https URLs are fetched (the page must never read files or other schemes through it).
// - The reply carries the status, every response header as [name, value] pairs (repeated headers stay
//   repeated, e.g. two set-cookie), and the body: text for a textual UTF-8 body, otherwise base64 with
//   `bodyEncoding: 'base64'`, byte for byte.
// - A request that cannot reach the server, or gets no data for `timeoutSeconds`, throws (the bridge
//   rejects the invoke with its message), so the client reports a network failure.
// - Every request carries the wrapper's own user agent, whatever the page sent.
import Gio from 'gi://Gio'
import GLib from 'gi://GLib'
import Soup from 'gi://Soup?version=3.0'

Gio._promisify(Soup.Session.prototype, 'send_and_read_async')

/** Headers libsoup sets itself from the request, or the wrapper owns. */
const MANAGED_REQUEST_HEADERS = new Set(['host', 'content-length', 'connection', 'user-agent', 'content-type'])
/** libsoup decodes gzip/deflate/br bodies; the reply's body is the decoded one. */
const DECODED_RESPONSE_HEADERS = new Set(['content-encoding', 'content-length'])
const NULL_BODY_STATUSES = new Set([204, 205, 304])

export class HttpProxy {
  /**
   * @param {{ userAgent: string, timeoutSeconds?: number }} options `timeoutSeconds` (default 30):
   *   how long a request may wait for the connection or the next data.
   */
  constructor({ userAgent, timeoutSeconds = 30 }) {
    this.session = new Soup.Session({ user_agent: userAgent, timeout: timeoutSeconds, idle_timeout: 60 })
  }

  /** @param {{ url: string, method: string, headers?: Record<string, string>, body?: string | null }} request */
  async send(request) {
    const message = toMessage(request)
    let bytes
    try {
      bytes = await this.session.send_and_read_async(message, GLib.PRIORITY_DEFAULT, null)
    } catch (error) {
      throw new Error(`${request.method} ${request.url} failed: ${error.message}`)
    }
    return toReply(message, bytes.toArray())
  }
}

function toMessage({ url, method, headers = {}, body = null }) {
  if (typeof url !== 'string') throw new Error('url must be a string')
  if (typeof method !== 'string' || !/^[A-Za-z]+$/.test(method)) throw new Error('method must be an HTTP method')
  if (headers === null || typeof headers !== 'object') throw new Error('headers must be an object')
  if (body !== null && typeof body !== 'string') throw new Error('body must be text or null')
  let uri
  try {
    uri = GLib.Uri.parse(url, GLib.UriFlags.ENCODED)
  } catch {
    throw new Error(`not a URL: ${url}`)
  }
  const scheme = uri.get_scheme()
  if (scheme !== 'http' && scheme !== 'https') throw new Error(`only http and https URLs, not ${scheme}:`)
  const message = Soup.Message.new_from_uri(method.toUpperCase(), uri)
  const requestHeaders = message.get_request_headers()
  let contentType = null
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value !== 'string') throw new Error(`header ${name} must be a string`)
    const lower = name.toLowerCase()
    if (lower === 'content-type') contentType = value
    if (!MANAGED_REQUEST_HEADERS.has(lower)) requestHeaders.append(name, value)
  }
  if (body !== null) {
    message.set_request_body_from_bytes(contentType, new GLib.Bytes(new TextEncoder().encode(body)))
  } else if (contentType !== null) {
    requestHeaders.replace('Content-Type', contentType)
  }
  return message
}

function toReply(message, bytes) {
  const status = message.get_status()
  const headers = []
  const wasDecoded = message.get_response_headers().get_one('content-encoding') !== null
  message.get_response_headers().foreach((name, value) => {
    const lower = name.toLowerCase()
    if (!(wasDecoded && DECODED_RESPONSE_HEADERS.has(lower))) headers.push([lower, value])
  })
  const reply = { status, statusText: message.get_reason_phrase() ?? '', headers }
  if (bytes.length === 0 && (NULL_BODY_STATUSES.has(status) || message.get_method() === 'HEAD')) {
    return { ...reply, body: null }
  }
  const [contentType, params] = message.get_response_headers().get_content_type()
  const text = textualBody(contentType, params?.charset, bytes)
  if (text !== null) return { ...reply, body: text, bodyEncoding: 'text' }
  return { ...reply, body: GLib.base64_encode(bytes), bodyEncoding: 'base64' }
}

/** The body as text when its type is textual and it is valid UTF-8; otherwise null (send it as base64). */
function textualBody(contentType, charset, bytes) {
  if (bytes.length === 0) return ''
  if (!contentType || !isTextual(contentType.toLowerCase())) return null
  if (charset && !/^utf-?8$/i.test(charset)) return null
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes)
  } catch {
    return null
  }
}

function isTextual(type) {
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
