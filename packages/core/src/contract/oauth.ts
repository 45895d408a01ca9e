import * as z from 'zod/mini'
import { Provider } from './common.ts'
import { ServerUserRecord } from './users.ts'

export const OAuthProcessRequest = z.object({
  supabaseUserId: z.string().check(z.maxLength(256)),
  email: z.string().check(z.maxLength(320)),
  provider: Provider,
  name: z.optional(z.nullable(z.string().check(z.maxLength(256)))),
  profileImage: z.optional(z.nullable(z.string().check(z.maxLength(2048)))),
})
export type OAuthProcessRequest = z.infer<typeof OAuthProcessRequest>

/**
 * Outcomes of spec section 4. VERIFICATION_REQUIRED is the "verification-needed result": the
 * account exists but is not activated yet.
 */
export const OAuthAction = z.enum(['SIGNUP', 'LINKED', 'ACCOUNT_CONFLICT', 'VERIFICATION_REQUIRED'])
export type OAuthAction = z.infer<typeof OAuthAction>

export const AccountConflict = z.looseObject({
  email: z.string(),
  existingProviders: z.array(Provider),
  attemptedProvider: Provider,
})
export type AccountConflict = z.infer<typeof AccountConflict>

export const OAuthProcessResponse = z.looseObject({
  action: OAuthAction,
  message: z.string(),
  needsProfile: z.boolean(),
  isNewProvider: z.boolean(),
  hasLinkedAccounts: z.boolean(),
  providers: z.array(Provider),
  user: z.nullable(ServerUserRecord),
  conflict: z.optional(AccountConflict),
  options: z.optional(z.array(z.string())),
  error: z.optional(z.string()),
})
export type OAuthProcessResponse = z.infer<typeof OAuthProcessResponse>
