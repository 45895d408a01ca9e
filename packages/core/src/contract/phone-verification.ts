import * as z from 'zod/mini'

/**
 * Phone verification for sign-up (decisions.md): a 6-digit code by SMS, then a token that
 * users/create takes with the phone. Korean mobile numbers only; `010-1234-5678`, `01012345678`
 * and `+82 10-1234-5678` are one number.
 */

/** What a code may be resent after, and how long it lives, both on the server's clock. */
export const PHONE_CODE_RESEND_INTERVAL_SEC = 60
export const PHONE_CODE_LIFETIME_SEC = 180
export const PHONE_CODE_LENGTH = 6

/** 010 numbers have 8 digits after the prefix; the older 011, 016–019 have 7 or 8. */
const KOREAN_MOBILE = /^(010\d{8}|01[16789]\d{7,8})$/
const SEPARATORS = /[\s\-.()]/g

/**
 * The national digits of a Korean mobile number (`01012345678`), or null when the input is not one.
 * Accepts spaces, hyphens, dots and parentheses, and the +82 (or 0082) country code with or without
 * the trunk 0.
 */
export function normaliseKoreanPhone(input: string): string | null {
  let digits = input.trim().replace(SEPARATORS, '')
  if (digits.startsWith('+82')) digits = `0${digits.slice(3).replace(/^0/, '')}`
  else if (digits.startsWith('0082')) digits = `0${digits.slice(4).replace(/^0/, '')}`
  return KOREAN_MOBILE.test(digits) ? digits : null
}

/** The usual written form, `010-1234-5678` (or `011-123-4567` for a 10-digit number). */
export function formatKoreanPhone(national: string): string {
  const middle = national.length - 7
  return `${national.slice(0, 3)}-${national.slice(3, 3 + middle)}-${national.slice(3 + middle)}`
}

export const PHONE_FORMAT_MESSAGE = '올바른 휴대폰 번호를 입력해주세요.'
export const PHONE_CODE_FORMAT_MESSAGE = '인증번호 6자리를 입력해주세요.'

/** A Korean mobile number in any of its written forms; a form checks its input with this. */
export const KoreanPhone = z.string().check(
  z.maxLength(32),
  z.refine((value) => normaliseKoreanPhone(value) !== null, { message: PHONE_FORMAT_MESSAGE }),
)

export const PhoneCode = z.string().check(z.regex(/^\d{6}$/, { message: PHONE_CODE_FORMAT_MESSAGE }))

export const SendPhoneCodeRequest = z.object({ phone: KoreanPhone })
export type SendPhoneCodeRequest = z.infer<typeof SendPhoneCodeRequest>

export const SendPhoneCodeResponse = z.looseObject({
  success: z.literal(true),
  /** The number the code went to, written `010-1234-5678`. */
  phone: z.string(),
  /** Seconds the code stays valid. */
  expiresInSec: z.number(),
  /** Seconds until another code may be sent to this number. */
  resendAfterSec: z.number(),
})
export type SendPhoneCodeResponse = z.infer<typeof SendPhoneCodeResponse>

/** 429 body of send when the last code to the number went out under a minute ago. */
export const PhoneCodeTooSoonBody = z.looseObject({
  error: z.string(),
  code: z.literal('PHONE_CODE_TOO_SOON'),
  retryAfterSec: z.number(),
})
export type PhoneCodeTooSoonBody = z.infer<typeof PhoneCodeTooSoonBody>

export const VerifyPhoneCodeRequest = z.object({ phone: KoreanPhone, code: PhoneCode })
export type VerifyPhoneCodeRequest = z.infer<typeof VerifyPhoneCodeRequest>

/** Why a code did not verify: wrong, expired (or never sent), or too many wrong tries on this code. */
export const PhoneCodeRejection = z.enum(['mismatch', 'expired', 'attempts-exceeded'])
export type PhoneCodeRejection = z.infer<typeof PhoneCodeRejection>

/**
 * A wrong or expired code is an answer, not an error: `verified` false with the reason and the text
 * to show. A right one carries the token users/create takes as `phoneVerificationToken`.
 */
export const VerifyPhoneCodeResponse = z.union([
  z.looseObject({ verified: z.literal(true), verificationToken: z.string(), phone: z.string() }),
  z.looseObject({
    verified: z.literal(false),
    verificationToken: z.null(),
    reason: PhoneCodeRejection,
    message: z.string(),
  }),
])
export type VerifyPhoneCodeResponse = z.infer<typeof VerifyPhoneCodeResponse>
