/**
 * The headers a request starts with: accept, the user agent, and the bearer token when it goes; a
 * caller's own headers are added on top (and may replace these).
 *
 * fetch copies whatever it is given into the request's own headers. Copying a `Headers` is several
 * times cheaper than converting a plain object, which checks every character (most of them the
 * token's). So a request without headers of its own gets a `Headers` made once per token and shared;
 * sharing is safe because nothing changes it after it is made (fetch and request-init.ts only read
 * it). Making one may throw (a token that is no header value), as fetch's own conversion would.
 */
export function requestHeaders(userAgent: string | null) {
  let anonymous: Headers | null = null
  let bearer: { token: string; headers: Headers } | null = null
  return (token: string | null, own: Record<string, string> | undefined): Headers | Record<string, string> => {
    if (own !== undefined) return Object.assign(plainHeaders(userAgent, token), own)
    if (!token) {
      anonymous ??= new Headers(plainHeaders(userAgent, null))
      return anonymous
    }
    if (bearer?.token !== token) bearer = { token, headers: new Headers(plainHeaders(userAgent, token)) }
    return bearer.headers
  }
}

function plainHeaders(userAgent: string | null, token: string | null): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json' }
  if (userAgent) headers['user-agent'] = userAgent
  if (token) headers.authorization = `Bearer ${token}`
  return headers
}
