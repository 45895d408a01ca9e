import type { Session, User } from '@supabase/auth-js'
import type { Provider } from '../../contract/common.ts'
import { decodeJwtClaims } from '../../kernel/jwt-claims.ts'

const PROVIDERS: Record<string, Provider> = { email: 'EMAIL', google: 'GOOGLE', kakao: 'KAKAO' }

function asProvider(value: unknown): Provider | null {
  return typeof value === 'string' ? (PROVIDERS[value.toLowerCase()] ?? null) : null
}

/** The user's first provider (`app_metadata.provider`), as the platform names it. */
export function providerOfUser(user: Pick<User, 'app_metadata'>): Provider | null {
  return asProvider(user.app_metadata?.provider)
}

/**
 * How this session was signed in. `app_metadata.provider` is the account's first provider, so an
 * e-mail account that just signed in with Google still says `email` there. The token's `amr`
 * claim says whether it was OAuth; the identity signed in last says which provider (`hint`, the
 * provider the app started with, when the identities do not tell).
 */
export function signInProvider(session: Session, hint: Provider | null): Provider {
  const amr = decodeJwtClaims(session.access_token)?.amr
  const methods = Array.isArray(amr)
    ? amr.map((entry) => (typeof entry === 'object' && entry !== null ? (entry as { method?: unknown }).method : entry))
    : []
  if (methods.length > 0 && !methods.includes('oauth')) return 'EMAIL'
  const latest = [...(session.user.identities ?? [])]
    .filter((identity) => asProvider(identity.provider) !== null && identity.provider !== 'email')
    .sort((a, b) => Date.parse(b.last_sign_in_at ?? '') - Date.parse(a.last_sign_in_at ?? ''))[0]
  return asProvider(latest?.provider) ?? hint ?? providerOfUser(session.user) ?? 'EMAIL'
}
