import type { HttpMethod } from '../contract/endpoint-routes.ts'

const PAYLOAD_METHODS: ReadonlySet<string> = new Set(['PATCH', 'POST', 'PUT', 'DELETE'])

/**
 * What fetch is given for one request. A body goes as the API client has always sent it (ofetch's
 * rules, which it used before): on POST, PUT, PATCH and DELETE, a plain object, an array, a number
 * or a boolean is JSON (form-encoded when the caller's content-type says so), with content-type and
 * accept set to JSON unless the caller set them, and a string the same with the string as it is;
 * FormData, a Blob or a buffer go as they are, a stream with `duplex: 'half'`. `headers` is never
 * changed: the request headers share one object between requests (request-headers.ts).
 */
export function requestInit(
  method: HttpMethod,
  headers: Headers | Record<string, string>,
  body: unknown,
  signal: AbortSignal,
): RequestInit {
  const init: RequestInit & { duplex?: 'half' } = { method, headers, signal }
  if (!body || !PAYLOAD_METHODS.has(method)) {
    if (body !== undefined) init.body = body as BodyInit
    return init
  }
  if (isJsonBody(body)) {
    const withJson = new Headers(headers)
    const contentType = withJson.get('content-type')
    if (!contentType) withJson.set('content-type', 'application/json')
    if (!withJson.has('accept')) withJson.set('accept', 'application/json')
    init.headers = withJson
    init.body =
      typeof body === 'string'
        ? body
        : contentType === 'application/x-www-form-urlencoded'
          ? new URLSearchParams(body as Record<string, string>).toString()
          : JSON.stringify(body)
    return init
  }
  init.body = body as BodyInit
  if (isStream(body)) init.duplex = 'half'
  return init
}

function isJsonBody(value: unknown): boolean {
  const type = typeof value
  if (type === 'string' || type === 'number' || type === 'boolean') return true
  if (type !== 'object' || value === null) return false
  if (Array.isArray(value)) return true
  if ((value as { buffer?: unknown }).buffer) return false
  if (value instanceof FormData || value instanceof URLSearchParams) return false
  return (
    (value as object).constructor?.name === 'Object' || typeof (value as { toJSON?: unknown }).toJSON === 'function'
  )
}

function isStream(value: unknown): boolean {
  const body = value as { pipeTo?: unknown; pipe?: unknown }
  return typeof body.pipeTo === 'function' || typeof body.pipe === 'function'
}
