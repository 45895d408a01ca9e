import * as z from 'zod/mini'
import { normaliseKoreanPhone, PHONE_CODE_FORMAT_MESSAGE, PHONE_FORMAT_MESSAGE } from './korean-phone.ts'

/*
 * The phone verification calls' schemas. The rules they check (the number's forms, the code's
 * length, the messages) are in korean-phone.ts, which needs no zod.
 */
export * from './korean-phone.ts'

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
