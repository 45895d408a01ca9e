import type { BackendContext } from '../context.ts'

const UNSAFE_PROTOCOLS = new Set(['javascript:', 'data:', 'vbscript:', 'file:', 'blob:'])

/**
 * Where to send the browser back to. GoTrue checks redirect_to against an allow list and falls back
 * to the site URL; this stand-in accepts any absolute URL (web app, desktop deep link) except
 * script-bearing schemes, and falls back to its own public URL.
 */
export function resolveRedirect(ctx: BackendContext, raw: string | null | undefined): string {
  if (raw) {
    try {
      const url = new URL(raw)
      if (!UNSAFE_PROTOCOLS.has(url.protocol)) return url.toString()
    } catch {
      // not an absolute URL: fall back
    }
  }
  return `${ctx.options.publicUrl}/`
}

/** The redirect with params in the fragment, as the implicit flow hands tokens over. */
export function withFragment(redirect: string, params: Record<string, string>): string {
  const url = new URL(redirect)
  url.hash = new URLSearchParams(params).toString()
  return url.toString()
}

/** The redirect with params added to its query, as the PKCE flow hands the code over. */
export function withQuery(redirect: string, params: Record<string, string>): string {
  const url = new URL(redirect)
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value)
  return url.toString()
}

/** GoTrue maps an error's status to the OAuth `error` of a redirect. */
const OAUTH_ERROR: Record<number, string> = { 400: 'invalid_request', 401: 'unauthorized_client', 403: 'access_denied' }

/** GoTrue's error redirect: always in the fragment, for a PKCE flow also in the query. */
export function withError(
  redirect: string,
  error: { status: number; code: string; message: string },
  pkce: boolean,
): string {
  const oauthError = OAUTH_ERROR[error.status]
  const params: Record<string, string> = {
    ...(oauthError ? { error: oauthError } : {}),
    error_code: error.code,
    error_description: error.message,
  }
  return withFragment(pkce ? withQuery(redirect, params) : redirect, { ...params, sb: '' })
}
