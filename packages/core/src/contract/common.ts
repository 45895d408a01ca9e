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

export { ErrorCode } from './error-code.ts'
