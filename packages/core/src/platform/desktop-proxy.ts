import * as z from 'zod/mini'
import { abortReason } from '../kernel/clock.ts'
import type { FetchLike } from '../kernel/ports.ts'

/** The desktop wrapper's command bridge (Tauri's `invoke`, or any function of that shape). */
export type Invoke = (command: string, args?: Record<string, unknown>) => Promise<unknown>

/** What the client sends to the native `proxy` command. `body` is the request body as text, or null. */
export interface ProxyRequest {
  url: string
  method: string
  headers: Record<string, string>
  body: string | null
}

/**
 * What the native `proxy` command must answer. `body` is the response body as text; a binary body
 * (a downloaded file) comes base64-encoded with `bodyEncoding: 'base64'`. `headers` is a record or
 * a list of pairs (a list keeps repeated headers). A failure to reach the server is a rejected
 * invoke, which the API client reports as a network failure (status 0).
 */
export const ProxyReply = z.object({
  status: z.number().check(z.int(), z.gte(200), z.lte(599)),
  statusText: z.optional(z.string()),
  headers: z.optional(z.union([z.record(z.string(), z.string()), z.array(z.tuple([z.string(), z.string()]))])),
  body: z.optional(z.nullable(z.string())),
  bodyEncoding: z.optional(z.enum(['text', 'base64'])),
})
export type ProxyReply = z.infer<typeof ProxyReply>

const NULL_BODY_STATUSES = new Set([204, 205, 304])

/** A fetch-shaped transport over `invoke('proxy', { url, method, headers, body })`. */
export function createProxyFetch(invoke: Invoke): FetchLike {
  return async (input, init) => {
    const request = new Request(input, init)
    const { signal } = request
    if (signal.aborted) throw abortReason(signal)
    const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text()
    const proxyRequest: ProxyRequest = {
      url: request.url,
      method: request.method,
      headers: Object.fromEntries(request.headers),
      body: text === '' ? null : text,
    }
    let reply: unknown
    try {
      reply = await abortable(invoke('proxy', { ...proxyRequest }), signal)
    } catch (error) {
      if (signal.aborted) throw error
      throw new TypeError('desktop proxy request failed', { cause: error })
    }
    const parsed = ProxyReply.safeParse(reply)
    if (!parsed.success) throw new TypeError('desktop proxy returned a malformed reply', { cause: parsed.error })
    return toResponse(parsed.data)
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
