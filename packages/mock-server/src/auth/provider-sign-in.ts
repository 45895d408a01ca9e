import type { BackendContext } from '../context.ts'
import type { AuthIdentity, AuthUser } from '../users.ts'
import { OAUTH_PROVIDERS, type OAuthProvider } from './oauth-providers.ts'
import { releaseRefusedAddress } from './release-refused.ts'

export interface ProviderProfile {
  provider: OAuthProvider
  email: string
  name: string
}

/**
 * The account an OAuth sign-in lands in, as GoTrue decides it: the user already holding this
 * provider identity; else the user with the same (provider-verified) e-mail, to which the identity
 * is linked automatically; else a new, confirmed user. Linking into an unconfirmed e-mail account
 * drops its password and other identities, so whoever registered the address without proving it
 * cannot keep access.
 */
export function signInWithProvider(ctx: BackendContext, profile: ProviderProfile): AuthUser {
  const now = ctx.clock.now()
  // Same scheme as seeded identities, so the seeded Google account is found again.
  const providerUserId = `${profile.provider}-${profile.email}`
  const data = identityData(profile, providerUserId)

  releaseRefusedAddress(ctx, profile.email)
  const holder = findIdentityHolder(ctx, profile.provider, providerUserId)
  if (holder) {
    holder.identity.data = data
    Object.assign(holder.user.userMetadata, data)
    holder.user.updatedAt = now
    return holder.user
  }

  const identity: AuthIdentity = { provider: profile.provider, providerUserId, createdAt: now, data }
  const existing = ctx.users.authByEmail(profile.email)
  if (existing) {
    if (existing.emailConfirmedAt === null) {
      existing.passwordHash = null
      existing.identities = [identity]
      existing.userMetadata = { ...data }
      existing.emailConfirmedAt = now
    } else {
      existing.identities.push(identity)
      Object.assign(existing.userMetadata, data)
    }
    existing.updatedAt = now
    return existing
  }

  return ctx.users.newAuthUser({
    email: profile.email,
    emailConfirmedAt: now,
    identities: [identity],
    userMetadata: { ...data },
  })
}

function identityData(profile: ProviderProfile, providerUserId: string): Record<string, unknown> {
  return {
    iss: OAUTH_PROVIDERS[profile.provider].issuer,
    sub: providerUserId,
    provider_id: providerUserId,
    email: profile.email,
    email_verified: true,
    phone_verified: false,
    name: profile.name,
    full_name: profile.name,
  }
}

function findIdentityHolder(
  ctx: BackendContext,
  provider: OAuthProvider,
  providerUserId: string,
): { user: AuthUser; identity: AuthIdentity } | undefined {
  for (const user of ctx.users.auth.values()) {
    const identity = user.identities.find(
      (candidate) => candidate.provider === provider && candidate.providerUserId === providerUserId,
    )
    if (identity) return { user, identity }
  }
  return undefined
}
