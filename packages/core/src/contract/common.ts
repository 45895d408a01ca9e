import * as z from 'zod/mini'

/** Sign-in methods of spec section 1. */
export const Provider = z.enum(['EMAIL', 'GOOGLE', 'KAKAO'])
export type Provider = z.infer<typeof Provider>

/** The default role is USER; the admin role's name is not part of the user-facing product. */
export const Role = z.enum(['USER', 'ADMIN'])
export type Role = z.infer<typeof Role>

export const IsoDateTime = z.iso.datetime({ offset: true })

/**
 * The error body every platform endpoint answers with. `error` is a short code or text,
 * `message` the human text; section 8 reads `error` first, then `message`.
 */
export const ApiErrorBody = z.looseObject({
  error: z.optional(z.string()),
  message: z.optional(z.string()),
  code: z.optional(z.string()),
  errorCode: z.optional(z.string()),
  suggestion: z.optional(z.string()),
})
export type ApiErrorBody = z.infer<typeof ApiErrorBody>

export const SuccessBody = z.looseObject({ success: z.literal(true) })
export type SuccessBody = z.infer<typeof SuccessBody>

/** Machine-readable codes the server puts in `code` so a client can act on them. */
export const ErrorCode = {
  badRequest: 'BAD_REQUEST',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  deviceLimitReached: 'DEVICE_LIMIT_REACHED',
  videoConflict: 'VIDEO_CONFLICT',
  /** The device session was removed, forced out, ended or expired: "this device was signed out". */
  sessionRevoked: 'SESSION_REVOKED',
  duplicatePhone: 'DUPLICATE_PHONE',
  duplicateEmail: 'DUPLICATE_EMAIL',
  /** users/create with a phone and no valid phoneVerificationToken for it. */
  phoneNotVerified: 'PHONE_NOT_VERIFIED',
  /** phone-verification/send again within a minute of the last code to the number. */
  phoneCodeTooSoon: 'PHONE_CODE_TOO_SOON',
  internal: 'INTERNAL_ERROR',
} as const
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode]
