import type { BackendContext } from '../context.ts'
import { isLoopbackHost } from '../loopback.ts'
import { compileRedirectGlob } from './redirect-glob.ts'

/**
 * Where to send the browser back to, as GoTrue's GetReferrer: `redirect_to` if it is allowed, else
 * the request's Referer if that is allowed, else the site URL (publicUrl). Nothing else is ever
 * honoured, so a mail asked for with `redirect_to=https://evil.example/` links back to the site.
 */
export function resolveRedirect(
  ctx: BackendContext,
  raw: string | null | undefined,
  referer?: string | null | undefined,
): string {
  if (raw && isRedirectAllowed(ctx, raw)) return raw
  if (referer && isRedirectAllowed(ctx, referer)) return referer
  return `${ctx.options.publicUrl}/`
}

const DECIMAL_IP = /^[0-9]+$/
const REGULAR_HOSTNAME = /^[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?$/
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/

/**
 * GoTrue's IsRedirectURLValid: the site URL's scheme and host (any port when the host is a
 * loopback name, as RFC 8252 lets native apps pick one), a loopback IP address, or a match of the
 * allow list (`redirectAllowList` and every `corsOrigins` origin), compared without the fragment.
 * Hosts of odd characters and decimal IP addresses are refused before the allow list is read.
 */
export function isRedirectAllowed(ctx: BackendContext, raw: string): boolean {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return false
  }
  const site = new URL(ctx.options.publicUrl)
  const hostname = url.hostname.replace(/^\[|\]$/g, '')
  if (
    site.hostname === url.hostname &&
    site.protocol === url.protocol &&
    (site.port === url.port || isLoopbackName(hostname))
  ) {
    return true
  }
  const http = url.protocol === 'http:' || url.protocol === 'https:'
  if (DECIMAL_IP.test(hostname)) return false
  if (IPV4.test(hostname) || hostname.includes(':')) return isLoopbackHost(hostname)
  if (http && !REGULAR_HOSTNAME.test(hostname)) return false
  const withoutFragment = raw.split('#', 1)[0] ?? raw
  return allowList(ctx).some((pattern) => pattern.test(withoutFragment))
}

/** GoTrue's isLocalhost: the names a native app on this machine may use with any port. */
function isLoopbackName(hostname: string): boolean {
  const name = hostname.toLowerCase()
  return ['localhost', '127.0.0.1', '::1', '0.0.0.0', '::'].includes(name) || name.endsWith('.localhost')
}

const compiled = new WeakMap<BackendContext['options'], readonly RegExp[]>()

function allowList(ctx: BackendContext): readonly RegExp[] {
  let patterns = compiled.get(ctx.options)
  if (!patterns) {
    const { redirectAllowList, corsOrigins } = ctx.options
    patterns = [...redirectAllowList, ...corsOrigins.map((origin) => `${origin}/**`)].map(compileRedirectGlob)
    compiled.set(ctx.options, patterns)
  }
  return patterns
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
