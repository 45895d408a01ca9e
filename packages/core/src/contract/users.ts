import * as z from 'zod/mini'
import { IsoDateTime, Provider, Role } from './common.ts'

/** Spec section 3, "Server user record": GET /api/users/{id}. status 0 means not activated. */
export const ServerUserRecord = z.looseObject({
  id: z.string(),
  email: z.string(),
  name: z.nullable(z.string()),
  nickname: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  role: z.string(),
  status: z.number(),
  emails: z.array(z.looseObject({ email: z.string(), isPrimary: z.boolean() })),
  profileImagePath: z.nullable(z.string()),
  oauthProviders: z.array(Provider),
  provider: Provider,
  userIds: z.optional(z.array(z.string())),
  createdAt: z.optional(IsoDateTime),
  lastSignInAt: z.optional(z.nullable(IsoDateTime)),
})
export type ServerUserRecord = z.infer<typeof ServerUserRecord>

export const VerifyLegacyPasswordRequest = z.object({
  email: z.string().check(z.minLength(1), z.maxLength(320)),
  password: z.string().check(z.minLength(1), z.maxLength(1024)),
})
export type VerifyLegacyPasswordRequest = z.infer<typeof VerifyLegacyPasswordRequest>

export const VerifyLegacyPasswordResponse = z.looseObject({
  verified: z.boolean(),
  userId: z.nullable(z.string()),
})
export type VerifyLegacyPasswordResponse = z.infer<typeof VerifyLegacyPasswordResponse>

export const ActivateUserRequest = z.object({
  email: z.string().check(z.minLength(1), z.maxLength(320)),
  supabaseUserId: z.string().check(z.minLength(1), z.maxLength(256)),
})
export type ActivateUserRequest = z.infer<typeof ActivateUserRequest>

/**
 * `created` tells a new record (201) from one that already existed: completed now, or returned
 * unchanged to a retried create (200).
 */
export const UserResponse = z.looseObject({
  success: z.literal(true),
  user: ServerUserRecord,
  created: z.optional(z.boolean()),
})
export type UserResponse = z.infer<typeof UserResponse>

/**
 * Public (decisions.md): anyone learns whether the account exists and how it signs in; `user`, the
 * record, is there only for the account's own bearer (null otherwise).
 */
export const UserExistsResponse = z.looseObject({
  exists: z.boolean(),
  user: z.nullable(ServerUserRecord),
  providers: z.optional(z.array(Provider)),
})
export type UserExistsResponse = z.infer<typeof UserExistsResponse>

export const EmailExistsRequest = z.object({
  uid: z.optional(z.nullable(z.string().check(z.maxLength(256)))),
  provider: z.optional(z.nullable(Provider)),
})
export type EmailExistsRequest = z.infer<typeof EmailExistsRequest>

/**
 * Whether the e-mail belongs to an account, and how it signs in (public, decisions.md). `userId` is
 * the owner's id only for the owner's own bearer (null otherwise); `isSameUser` is true only when
 * that bearer is the owner's and `uid` is its id.
 */
export const EmailExistsResponse = z.looseObject({
  exists: z.boolean(),
  userId: z.nullable(z.string()),
  providers: z.array(Provider),
  isSameUser: z.boolean(),
})
export type EmailExistsResponse = z.infer<typeof EmailExistsResponse>

const OptionalText = z.optional(z.nullable(z.string().check(z.maxLength(256))))

export const CreateUserRequest = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(256)),
  email: z.string().check(z.minLength(1), z.maxLength(320)),
  oauthProviders: z.array(Provider),
  provider: z.optional(Provider),
  name: OptionalText,
  nickname: OptionalText,
  phone: OptionalText,
  profileImagePath: z.optional(z.nullable(z.string().check(z.maxLength(2048)))),
  /** From phone-verification/verify, for this phone; needed whenever phone is given. */
  phoneVerificationToken: z.optional(z.nullable(z.string().check(z.maxLength(256)))),
})
export type CreateUserRequest = z.infer<typeof CreateUserRequest>

/** Error body of users/create, e.g. errorCode DUPLICATE_PHONE with a suggestion for the person. */
export const CreateUserErrorBody = z.looseObject({
  errorCode: z.string(),
  error: z.string(),
  suggestion: z.optional(z.string()),
})
export type CreateUserErrorBody = z.infer<typeof CreateUserErrorBody>

export const DisplayNameRequest = z.object({
  displayName: z.string().check(z.minLength(1), z.maxLength(100)),
})
export type DisplayNameRequest = z.infer<typeof DisplayNameRequest>

export const OAuthProviderRequest = z.object({ provider: Provider })
export type OAuthProviderRequest = z.infer<typeof OAuthProviderRequest>

export { Provider, Role }
