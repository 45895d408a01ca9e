/**
 * What the native `proxy` command must answer. `status` is the HTTP status (200 to 599); `body` is
 * the response body as text, or, when binary (a media range, a downloaded file), base64 with
 * `bodyEncoding: 'base64'`. `headers` is a record or a list of pairs (a list keeps repeated
 * headers). A failure to reach the server is a rejected invoke, which the API client reports as a
 * network failure (status 0).
 */
export interface ProxyReply {
  status: number
  statusText?: string
  headers?: Record<string, string> | [string, string][]
  body?: string | null
  bodyEncoding?: 'text' | 'base64'
}

/**
 * `reply` checked against ProxyReply: the reply; `none` when nothing arrived (no reply, or status 0
 * as a fetch's network error has); `malformed` for anything else that is not a ProxyReply. By hand,
 * not with the core's zod: the schema would put zod's record, tuple and union code in the first
 * load of every browser, for the wrapper only.
 */
export function checkProxyReply(reply: unknown): ProxyReply | 'none' | 'malformed' {
  if (reply === undefined || reply === null) return 'none'
  if (typeof reply !== 'object' || Array.isArray(reply)) return 'malformed'
  const { status, statusText, headers, body, bodyEncoding } = reply as Record<string, unknown>
  if (status === 0) return 'none'
  const fits =
    Number.isInteger(status) &&
    (status as number) >= 200 &&
    (status as number) <= 599 &&
    (statusText === undefined || typeof statusText === 'string') &&
    (headers === undefined || isHeaderRecord(headers) || isHeaderPairs(headers)) &&
    (body === undefined || body === null || typeof body === 'string') &&
    (bodyEncoding === undefined || bodyEncoding === 'text' || bodyEncoding === 'base64')
  return fits ? (reply as ProxyReply) : 'malformed'
}

function isHeaderRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((item) => typeof item === 'string')
  )
}

function isHeaderPairs(value: unknown): value is [string, string][] {
  return (
    Array.isArray(value) &&
    value.every(
      (pair) => Array.isArray(pair) && pair.length === 2 && typeof pair[0] === 'string' && typeof pair[1] === 'string',
    )
  )
}
