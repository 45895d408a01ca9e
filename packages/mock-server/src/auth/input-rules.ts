import { AuthError, weakPassword } from './errors.ts'

/** GoTrue's defaults: passwords of 6 to 72 characters (bcrypt reads no further). */
export const MIN_PASSWORD_LENGTH = 6
export const MAX_PASSWORD_LENGTH = 72
const MAX_EMAIL_LENGTH = 255

const EMAIL_FORMAT = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/

/** A usable e-mail address, lower-cased, or a GoTrue 400. */
export function validEmail(raw: string | null | undefined): string {
  const email = (raw ?? '').trim()
  if (email === '') throw new AuthError(400, 'validation_failed', 'An email address is required')
  if (email.length > MAX_EMAIL_LENGTH) throw new AuthError(400, 'validation_failed', 'An email address is too long')
  if (!EMAIL_FORMAT.test(email)) {
    throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format')
  }
  return email.toLowerCase()
}

/** Throws 422 weak_password for a short password, as GoTrue's strength check does. */
export function checkPasswordStrength(password: string): void {
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw new AuthError(400, 'validation_failed', `Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`)
  }
  if (password.length < MIN_PASSWORD_LENGTH) throw weakPassword(MIN_PASSWORD_LENGTH)
}
