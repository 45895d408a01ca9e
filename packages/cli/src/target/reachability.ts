import type { FetchLike } from '@coursekit/core'

/** How long a target may take to answer at all before it counts as unreachable. */
export const REACH_TIMEOUT_MS = 10_000

/**
 * Before anything signs in to a deployment: does every URL of it answer? Any HTTP answer counts
 * (a 404 or 401 from the root is still a server); no answer is a message naming the URL and why,
 * e.g. "cannot reach http://127.0.0.1:1: connection refused". Null when all answer.
 */
export async function unreachableTarget(
  target: { apiBaseUrl: string; supabaseUrl: string },
  options: { fetch?: FetchLike; timeoutMs?: number } = {},
): Promise<string | null> {
  const fetch: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const timeoutMs = options.timeoutMs ?? REACH_TIMEOUT_MS
  for (const url of new Set([target.apiBaseUrl, target.supabaseUrl])) {
    try {
      const response = await fetch(url, { method: 'GET', signal: AbortSignal.timeout(timeoutMs) })
      await response.body?.cancel()
    } catch (error) {
      return `cannot reach ${url}: ${describeNetworkError(error, timeoutMs)}`
    }
  }
  return null
}

const REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused (is the server running, and on this port?)',
  ENOTFOUND: 'name not found (check the host name)',
  EAI_AGAIN: 'name not found (the DNS lookup failed; check the host name and the network)',
  ECONNRESET: 'the connection was reset',
  EHOSTUNREACH: 'no route to the host',
  ENETUNREACH: 'the network is unreachable',
  ETIMEDOUT: 'the connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
  UND_ERR_SOCKET: 'the connection closed unexpectedly',
  ERR_SSL_WRONG_VERSION_NUMBER: 'TLS handshake failed (is it an http:// server behind an https:// URL?)',
}

/**
 * Why a request got no answer, in words: the error Node's fetch throws is a bare "fetch failed"
 * whose `cause` (sometimes an AggregateError of one per address tried) carries the system code.
 */
export function describeNetworkError(error: unknown, timeoutMs = REACH_TIMEOUT_MS): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `no answer within ${Math.round(timeoutMs / 1000)} s`
  }
  const cause = rootCause(error)
  const code = typeof cause?.code === 'string' ? cause.code : undefined
  if (code !== undefined) {
    const known = REASONS[code]
    if (known) return known
    if (isTlsCode(code)) return `TLS: ${cause?.message ?? code} (${code})`
    return `${cause?.message ?? code} (${code})`
  }
  const message = cause?.message ?? (error instanceof Error ? error.message : String(error))
  // Fetch refuses the ports browsers block (1, 25, 6000, ...) before connecting at all.
  if (message === 'bad port') return 'fetch does not connect to this port (browsers block it); use another port'
  return message || 'no answer'
}

type CodedError = { code?: unknown; message?: string; cause?: unknown; errors?: unknown[] }

function rootCause(error: unknown): CodedError | undefined {
  let current = error as CodedError | undefined
  for (let depth = 0; depth < 5 && current; depth++) {
    if (typeof current.code === 'string') return current
    const next = current.cause ?? (Array.isArray(current.errors) ? current.errors[0] : undefined)
    if (next === undefined) return current
    current = next as CodedError
  }
  return current
}

function isTlsCode(code: string): boolean {
  return /CERT|TLS|SSL|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER/.test(code)
}
