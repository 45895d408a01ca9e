import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

/** auth-js reads `code` as the error code only when the response names API version 2024-01-01 or later. */
export const API_VERSION_HEADER = 'x-supabase-api-version'
export const API_VERSION = '2024-01-01'

/**
 * A GoTrue error. Thrown inside a handler; the auth app's error handler turns it into GoTrue's body.
 * `extra` carries fields some codes add, e.g. `weak_password: { reasons }`.
 */
export class AuthError extends Error {
  override readonly name = 'AuthError'
  readonly status: ContentfulStatusCode
  readonly code: string
  readonly extra: Record<string, unknown>

  constructor(status: ContentfulStatusCode, code: string, message: string, extra: Record<string, unknown> = {}) {
    super(message)
    this.status = status
    this.code = code
    this.extra = extra
  }
}

/**
 * The body of both GoTrue error formats at once: `code`/`message` (2024-01-01) and
 * `error_code`/`msg` (the initial version), so any auth-js finds the code and the text.
 */
export function authErrorResponse(c: Context, error: AuthError): Response {
  c.header(API_VERSION_HEADER, API_VERSION)
  c.header('x-sb-error-code', error.code)
  return c.json(
    { code: error.code, error_code: error.code, msg: error.message, message: error.message, ...error.extra },
    error.status,
  )
}

export const invalidCredentials = () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials')

export const weakPassword = (minLength: number) =>
  new AuthError(422, 'weak_password', `Password should be at least ${minLength} characters.`, {
    weak_password: { reasons: ['length'] },
  })
