/**
 * Reading supabase-js's AuthError values without importing supabase-js (which must stay out of the
 * module graph until auth is used): by their `name`, `status` and `code`, which are its public API.
 */
interface AuthErrorShape {
  name?: unknown
  message?: unknown
  status?: unknown
  code?: unknown
}

function shape(error: unknown): AuthErrorShape {
  return typeof error === 'object' && error !== null ? (error as AuthErrorShape) : {}
}

/** GoTrue's error code (`invalid_credentials`, `email_not_confirmed`, …), or null. */
export function authErrorCode(error: unknown): string | null {
  const { code } = shape(error)
  return typeof code === 'string' && code !== '' ? code : null
}

/** The error's own text, for `로그인 실패: …` and similar; never contains what the user typed as a password. */
export function authErrorMessage(error: unknown): string {
  const { message } = shape(error)
  return typeof message === 'string' && message !== '' ? message : 'unknown error'
}

/**
 * The server could not be reached or failed (network, 5xx): nothing was decided about the session.
 * Anything else (a 4xx) is the server saying no.
 */
export function isUnavailableError(error: unknown): boolean {
  const { name, status } = shape(error)
  if (name === 'AuthRetryableFetchError') return true
  return typeof status === 'number' && (status === 0 || status >= 500)
}

/** For programs: auth-js's "no session to act on" error, which carries no GoTrue code. */
export const SESSION_MISSING_CODE = 'session_missing'

/** `authErrorCode`, or `session_missing` for auth-js's AuthSessionMissingError. */
export function authErrorCodeOrSessionMissing(error: unknown): string | null {
  return authErrorCode(error) ?? (shape(error).name === 'AuthSessionMissingError' ? SESSION_MISSING_CODE : null)
}
