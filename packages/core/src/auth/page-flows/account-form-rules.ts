import * as z from 'zod/mini'
import { VerifyLegacyPasswordRequest } from '../../contract/users.ts'

/**
 * A new password as the auth service takes it: the contract's password, 6 to 72 characters (the
 * hosted auth's defaults; bcrypt reads no further). Checked here so a refused form sends nothing.
 */
export const NEW_PASSWORD_MIN = 6
export const NEW_PASSWORD_MAX = 72
const NewPassword = VerifyLegacyPasswordRequest.shape.password.check(
  z.minLength(NEW_PASSWORD_MIN),
  z.maxLength(NEW_PASSWORD_MAX),
)
const Email = VerifyLegacyPasswordRequest.shape.email.check(z.email())

/** What is wrong with an e-mail field: the page words it. */
export type EmailFieldError = 'required' | 'invalid'
/** What is wrong with a new password, or its repetition (`mismatch`): the page words it. */
export type NewPasswordFieldError = 'required' | 'too-short' | 'too-long' | 'mismatch'

/**
 * A submitted form: a `FormData` (anything with `get(name)`) or its fields as plain strings. The
 * core names no DOM type, so it reads a form by its `get` alone.
 */
export type FormInput = { get(name: string): unknown } | Readonly<Record<string, string>>

/** A form's text field, '' when absent (a form without it, or a file). */
export function textOf(form: FormInput, name: string): string {
  const value =
    typeof form.get === 'function'
      ? (form as { get(name: string): unknown }).get(name)
      : (form as Readonly<Record<string, string>>)[name]
  return typeof value === 'string' ? value : ''
}

export function emailError(email: string): EmailFieldError | undefined {
  if (email === '') return 'required'
  return z.safeParse(Email, email).success ? undefined : 'invalid'
}

export function newPasswordError(password: string): NewPasswordFieldError | undefined {
  if (password === '') return 'required'
  if (z.safeParse(NewPassword, password).success) return undefined
  return password.length < NEW_PASSWORD_MIN ? 'too-short' : 'too-long'
}

/** The repetition of a new password: only a mismatch is its own error (an empty one is a mismatch). */
export function passwordConfirmError(password: string, confirm: string): NewPasswordFieldError | undefined {
  return confirm === password ? undefined : 'mismatch'
}

/** Only the fields that have an error. */
export function compact<T extends Record<string, unknown>>(errors: T): Partial<T> {
  return Object.fromEntries(Object.entries(errors).filter(([, value]) => value !== undefined)) as Partial<T>
}
