/* Apart from the schemas (common.ts re-exports it): code that only compares codes loads no zod. */

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
