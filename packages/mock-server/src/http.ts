import type { ErrorCode } from '@coursekit/core/contract'
import type { Context, MiddlewareHandler } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type * as z from 'zod/mini'
import { sessionOfToken } from './auth/token-session.ts'
import type { BackendContext } from './context.ts'
import type { AccessTokenClaims } from './tokens.ts'

/** What the host knows of the connection; nothing for an in-process request. */
export interface ClientConnection {
  /** The peer's IP address as the socket reports it (`127.0.0.1`, `::ffff:10.0.0.2`). */
  remoteAddress?: string
}

export interface BackendEnv {
  /** `undefined` for an in-process request (the backend's fetch, msw): this process itself. */
  Bindings: ClientConnection | undefined
  Variables: {
    /** Set by requireUser on every non-public platform route. */
    user: AccessTokenClaims
  }
}

export type BackendHonoContext = Context<BackendEnv>

/** The platform's error body: `error` is the text a person may see, `code` what a program acts on. */
export function apiError(
  c: Context,
  status: ContentfulStatusCode,
  code: ErrorCode | string,
  message: string,
  extra: Record<string, unknown> = {},
): Response {
  return c.json({ error: message, message, code, ...extra }, status)
}

/** Thrown for bad input inside a handler; the app turns it into a 400 and changes nothing. */
export class BadRequest extends Error {
  override readonly name = 'BadRequest'
}

/**
 * The request's JSON body, checked against a contract schema. Any content type is read as JSON,
 * because sendBeacon posts text/plain.
 */
export async function readBody<S extends z.ZodMiniType>(c: Context, schema: S): Promise<z.output<S>> {
  const text = await c.req.text()
  let json: unknown
  if (text.trim() === '') json = {}
  else {
    try {
      json = JSON.parse(text)
    } catch {
      throw new BadRequest('Request body is not valid JSON')
    }
  }
  const parsed = schema.safeParse(json)
  if (!parsed.success) {
    const first = parsed.error.issues[0]
    const where = first && first.path.length > 0 ? first.path.join('.') : 'body'
    throw new BadRequest(`Invalid request body at ${where}: ${first?.message ?? 'does not match the contract'}`)
  }
  return parsed.data
}

const BEARER = /^Bearer\s+(\S+)$/i
const WHITESPACE = /\s/

/** The bearer token of the request, if any. */
export function bearerToken(c: Context): string | null {
  const header = c.req.header('authorization')
  if (!header) return null
  // The spelling every client sends, read without the capturing pattern (a quarter of the cost, on
  // every authenticated request); any other spelling gets the full pattern.
  if (header.startsWith('Bearer ')) {
    const token = header.slice(7)
    if (token !== '' && !WHITESPACE.test(token)) return token
  }
  return BEARER.exec(header)?.[1] ?? null
}

/**
 * The caller a bearer token proves: an access token of this backend (signature, expiry, audience)
 * whose Supabase Auth session still stands (sessionOfToken), so a token signed out at /auth/v1 or
 * the platform's logout stops working here too. Null for anything else.
 */
export function verifyCaller(ctx: BackendContext, token: string): AccessTokenClaims | null {
  const claims = ctx.tokens.verifyAccessToken(token)
  return claims !== null && sessionOfToken(ctx.authSessions, claims) !== false ? claims : null
}

/**
 * Verifies the bearer JWT; on success the claims are `c.get('user')`. A request already verified
 * (by the check of all of /api) passes at once, so a route under a public prefix that needs a
 * bearer can add this to its own handlers. Not async: Hono awaits what a middleware returns, and one
 * more async layer is a promise and its turns on every request.
 */
export function requireUser(ctx: BackendContext): MiddlewareHandler<BackendEnv> {
  return (c, next) => {
    if (c.get('user') !== undefined) return next()
    const token = bearerToken(c)
    const claims = token === null ? null : verifyCaller(ctx, token)
    if (claims === null) return Promise.resolve(unauthorized(c, token))
    c.set('user', claims)
    return next()
  }
}

/**
 * On a public route that answers more to a signed-in caller (users/create completing a record, the
 * existence checks): the caller a bearer proves, null when none is sent, and the 401 of any other
 * route when one is sent that proves no one (expired, signed out), so the client refreshes it.
 */
export function optionalCaller(c: Context, ctx: BackendContext): AccessTokenClaims | null | Response {
  const token = bearerToken(c)
  if (token === null) return null
  return verifyCaller(ctx, token) ?? unauthorized(c, token)
}

export const AUTHENTICATION_REQUIRED = 'Authentication required'

function unauthorized(c: Context, token: string | null): Response {
  return apiError(c, 401, 'UNAUTHORIZED', token === null ? AUTHENTICATION_REQUIRED : 'Invalid or expired token')
}
