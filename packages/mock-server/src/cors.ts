import type { Context } from 'hono'
import { cors } from 'hono/cors'

/** CORS from any origin, for the requests `needsCors` picks. */
export const browserCors = cors({
  origin: (origin) => origin,
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
  exposeHeaders: ['content-disposition', 'x-supabase-api-version', 'content-range', 'accept-ranges', 'content-length'],
  maxAge: 600,
})

/**
 * Whether a request gets CORS: preflights, and requests that carry an Origin, as every cross-origin
 * request from a browser does. The in-process transport and other servers send none, and skip it:
 * the middleware reaches for the response before the route runs, which makes Hono build each
 * response twice (a simulation's millions of heartbeats).
 */
export const needsCors = (c: Context): boolean => c.req.method === 'OPTIONS' || c.req.raw.headers.has('origin')
