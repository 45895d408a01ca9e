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
