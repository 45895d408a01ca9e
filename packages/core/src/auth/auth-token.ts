import { TOKEN_EXPIRING_THRESHOLD_MS, TOKEN_REFRESH_BEFORE_EXPIRY_MS } from '../kernel/constants.ts'
import { decodeJwtClaims } from '../kernel/jwt-claims.ts'

/**
 * What the client reads from its own access token (spec section 3: the `exp` claim). The token's
 * own claims decide expiry, compared with the client's clock, never supabase-js's `Date.now()`.
 * Both times are the server's: see ServerClock for where they fall on the client's clock.
 */
export interface TokenFacts {
  /** exp, in milliseconds, on the server's clock. */
  expiresAt: number
  /** iat, in milliseconds, on the server's clock; null when the token has none. */
  issuedAt: number | null
  userId: string
  email: string | null
}

/** Null for a token that is not a JWT with `exp` and `sub`: such a token fails the check. */
export function readToken(token: string): TokenFacts | null {
  const claims = decodeJwtClaims(token)
  if (!claims) return null
  const { exp, iat, sub, email } = claims
  if (typeof exp !== 'number' || !Number.isFinite(exp) || typeof sub !== 'string' || sub === '') return null
  return {
    expiresAt: exp * 1000,
    issuedAt: typeof iat === 'number' && Number.isFinite(iat) ? iat * 1000 : null,
    userId: sub,
    email: typeof email === 'string' && email !== '' ? email : null,
  }
}

/** Spec section 4: expiring when less than 5 minutes remain (an expired token is expiring too). */
export function isExpiring(expiresAt: number, now: number): boolean {
  return expiresAt - now < TOKEN_EXPIRING_THRESHOLD_MS
}

/** Spec section 4: the refresh timer fires 10 minutes before expiry (at once if that has passed). */
export function refreshDelay(expiresAt: number, now: number): number {
  return Math.max(0, expiresAt - TOKEN_REFRESH_BEFORE_EXPIRY_MS - now)
}
