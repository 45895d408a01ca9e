import type { BackendContext } from '../context.ts'
import type { AuthUser } from '../users.ts'
import { AuthError } from './errors.ts'
import type { OneTimeToken, OneTimeTokenType } from './one-time-tokens.ts'

/** The verification types of GoTrue's /verify this stand-in knows, and which link tokens each accepts. */
const TOKEN_TYPES: Record<string, readonly OneTimeTokenType[]> = {
  signup: ['signup'],
  recovery: ['recovery'],
  magiclink: ['recovery'],
  email_change: ['email_change'],
  email: ['signup', 'recovery'],
}

export function tokenTypesFor(type: string): readonly OneTimeTokenType[] {
  const types = TOKEN_TYPES[type]
  if (!types) throw new AuthError(400, 'validation_failed', 'Unsupported verification type')
  return types
}

/**
 * What following a link does to the account: sign-up and recovery confirm the address (a recovery
 * link proves it too), an e-mail change moves the account to the new address.
 */
export function applyVerification(ctx: BackendContext, record: OneTimeToken): AuthUser {
  const user = ctx.users.auth.get(record.userId)
  if (!user) throw new AuthError(403, 'otp_expired', 'Email link is invalid or has expired')
  const now = ctx.clock.now()
  if (record.type === 'email_change') {
    if (!ctx.users.changeAuthEmail(user, record.email)) {
      throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered')
    }
    const identity = user.identities.find((candidate) => candidate.provider === 'email')
    if (identity) identity.data = { ...identity.data, email: user.email }
  }
  user.emailConfirmedAt ??= now
  if (typeof user.userMetadata.email_verified === 'boolean') user.userMetadata.email_verified = true
  user.updatedAt = now
  return user
}
