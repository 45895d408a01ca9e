import * as z from 'zod/mini'

/**
 * Request bodies as auth-js sends them. Loose objects: auth-js adds fields this stand-in ignores
 * (gotrue_meta_security, channel); implicit-flow clients send code_challenge: null.
 */
const optionalText = z.optional(z.nullable(z.string().check(z.maxLength(4096))))
const metadata = z.optional(z.nullable(z.record(z.string(), z.unknown())))

export const PasswordGrantBody = z.looseObject({
  email: optionalText,
  phone: optionalText,
  password: optionalText,
})

export const RefreshTokenGrantBody = z.looseObject({ refresh_token: optionalText })

export const PkceGrantBody = z.looseObject({ auth_code: optionalText, code_verifier: optionalText })

export const SignupBody = z.looseObject({
  email: optionalText,
  phone: optionalText,
  password: optionalText,
  data: metadata,
  code_challenge: optionalText,
  code_challenge_method: optionalText,
})

export const ResendBody = z.looseObject({
  type: optionalText,
  email: optionalText,
  phone: optionalText,
  code_challenge: optionalText,
  code_challenge_method: optionalText,
})

export const RecoverBody = z.looseObject({
  email: optionalText,
  code_challenge: optionalText,
  code_challenge_method: optionalText,
})

export const VerifyBody = z.looseObject({
  type: optionalText,
  token: optionalText,
  token_hash: optionalText,
  email: optionalText,
  phone: optionalText,
})

export const UserUpdateBody = z.looseObject({
  email: optionalText,
  password: optionalText,
  data: metadata,
  phone: optionalText,
  nonce: optionalText,
  app_metadata: metadata,
  code_challenge: optionalText,
  code_challenge_method: optionalText,
})
