import { isoTime } from '../iso-time.ts'
import type { AuthIdentity, AuthProvider, AuthUser } from '../users.ts'

export interface GoTrueIdentity {
  identity_id: string
  id: string
  user_id: string
  identity_data: Record<string, unknown>
  provider: AuthProvider
  last_sign_in_at: string | null
  created_at: string
  updated_at: string
  email: string
}

/** The user object GoTrue answers with (GET /user, sessions, sign-up). Timestamps that are unset are left out. */
export interface GoTrueUser {
  id: string
  aud: 'authenticated'
  role: 'authenticated'
  email: string
  phone: string
  email_confirmed_at?: string
  confirmed_at?: string
  confirmation_sent_at?: string
  recovery_sent_at?: string
  new_email?: string
  email_change_sent_at?: string
  last_sign_in_at?: string
  app_metadata: { provider: string; providers: string[] }
  user_metadata: Record<string, unknown>
  identities: GoTrueIdentity[]
  created_at: string
  updated_at: string
  is_anonymous: false
}

export interface PendingEmailChange {
  email: string
}

/** app_metadata.providers lists the user's identities' providers in the order they were added. */
export function appMetadata(user: AuthUser): { provider: string; providers: string[] } {
  const providers = [...new Set(user.identities.map((identity) => identity.provider))]
  return { provider: providers[0] ?? 'email', providers }
}

export function toGoTrueUser(user: AuthUser, pending?: PendingEmailChange): GoTrueUser {
  const optional = (key: string, ms: number | null | undefined) => (ms == null ? {} : { [key]: isoTime(ms) })
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    phone: '',
    ...optional('email_confirmed_at', user.emailConfirmedAt),
    ...optional('confirmed_at', user.emailConfirmedAt),
    ...optional('confirmation_sent_at', user.confirmationSentAt),
    ...optional('recovery_sent_at', user.recoverySentAt),
    ...(pending ? { new_email: pending.email } : {}),
    ...optional('email_change_sent_at', user.emailChangeSentAt),
    ...optional('last_sign_in_at', user.lastSignInAt),
    app_metadata: appMetadata(user),
    user_metadata: user.userMetadata,
    identities: user.identities.map((identity) => toGoTrueIdentity(user, identity)),
    created_at: isoTime(user.createdAt),
    updated_at: isoTime(user.updatedAt),
    is_anonymous: false,
  }
}

/** The provider's id for the person: for the e-mail identity GoTrue uses the user's own id. */
export function identitySubject(user: AuthUser, identity: AuthIdentity): string {
  return identity.provider === 'email' ? user.id : identity.providerUserId
}

function toGoTrueIdentity(user: AuthUser, identity: AuthIdentity): GoTrueIdentity {
  identity.id ??= crypto.randomUUID()
  const sub = identitySubject(user, identity)
  const verified = identity.provider !== 'email' || user.emailConfirmedAt !== null
  const email = typeof identity.data?.email === 'string' ? identity.data.email : user.email
  return {
    identity_id: identity.id,
    id: sub,
    user_id: user.id,
    identity_data: { ...identity.data, sub, email, email_verified: verified, phone_verified: false },
    provider: identity.provider,
    last_sign_in_at: identity.lastSignInAt === undefined ? null : isoTime(identity.lastSignInAt),
    created_at: isoTime(identity.createdAt),
    updated_at: isoTime(identity.createdAt),
    email,
  }
}
