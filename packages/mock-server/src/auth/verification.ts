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

/** GoTrue's answer to the first of an e-mail change's two confirmations. */
export const SINGLE_CONFIRMATION_ACCEPTED =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email'

/**
 * What following a link does to the account: sign-up and recovery confirm the address (a recovery
 * link proves it too); an e-mail change moves the account to the new address once the links to
 * both addresses have been followed (GoTrue's secure e-mail change). After the first of the two it
 * answers `awaiting_other_address` and changes nothing.
 */
export function applyVerification(
  ctx: BackendContext,
  record: OneTimeToken,
): { kind: 'verified'; user: AuthUser } | { kind: 'awaiting_other_address' } {
  const user = ctx.users.auth.get(record.userId)
  if (!user) throw new AuthError(403, 'otp_expired', 'Email link is invalid or has expired')
  const now = ctx.clock.now()
  if (record.type === 'email_change') {
    // `take` consumed this link; the other address's link still live means this was the first.
    if (ctx.authSessions.oneTimeTokens.pendingEmailChange(user.id)) return { kind: 'awaiting_other_address' }
    if (!ctx.users.changeAuthEmail(user, record.newEmail ?? record.email)) {
      throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered')
    }
    const identity = user.identities.find((candidate) => candidate.provider === 'email')
    if (identity) identity.data = { ...identity.data, email: user.email }
  }
  user.emailConfirmedAt ??= now
  if (typeof user.userMetadata.email_verified === 'boolean') user.userMetadata.email_verified = true
  user.updatedAt = now
  return { kind: 'verified', user }
}
