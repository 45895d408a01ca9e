import type { Context, MiddlewareHandler } from 'hono'
import { cors } from 'hono/cors'

/**
 * CORS for the origins a browser page may call the backend from: the backend's own public origin
 * (the site URL: with the Vite plugin, the app's) and the configured `corsOrigins`. Any other
 * origin gets no `Access-Control-Allow-Origin`, so its page can neither read an answer nor pass a
 * preflight (no JSON body, no bearer, no apikey header).
 */
export function browserCors(allowedOrigins: ReadonlySet<string>): MiddlewareHandler {
  return cors({
    origin: (origin) => (allowedOrigins.has(origin) ? origin : null),
    allowHeaders: [
      'authorization',
      'apikey',
      'content-type',
      'x-client-info',
      'x-supabase-api-version',
      'user-agent',
      'range',
      'if-range',
    ],
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    exposeHeaders: [
      'content-disposition',
      'x-supabase-api-version',
      'content-range',
      'accept-ranges',
      'content-length',
    ],
    maxAge: 600,
  })
}

/** The origin of each URL, for the allowed set; a value that is not an http(s) origin is a RangeError. */
export function allowedOrigins(publicUrl: string, corsOrigins: readonly string[]): Set<string> {
  const origins = new Set([new URL(publicUrl).origin])
  for (const value of corsOrigins) {
    let url: URL
    try {
      url = new URL(value)
    } catch {
      throw new RangeError(`corsOrigins: not an origin (scheme://host[:port]): ${JSON.stringify(value)}`)
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== value.replace(/\/$/, '')) {
      throw new RangeError(`corsOrigins: not an http(s) origin (scheme://host[:port]): ${JSON.stringify(value)}`)
    }
    origins.add(url.origin)
  }
  return origins
}

/**
 * Whether a request gets CORS: preflights, and requests that carry an Origin, as every cross-origin
 * request from a browser does, except under /__dev, which no other origin may read at all (the dev
 * mailbox holds sign-in links). The in-process transport and other servers send no Origin, and skip
 * it: the middleware reaches for the response before the route runs, which makes Hono build each
 * response twice (a simulation's millions of heartbeats).
 */
export const needsCors = (c: Context): boolean =>
  (c.req.method === 'OPTIONS' || c.req.raw.headers.has('origin')) && !isDevPath(c.req.path)

/** `/__dev` and everything below it: the development endpoints. */
export const isDevPath = (path: string): boolean => path === '/__dev' || path.startsWith('/__dev/')
