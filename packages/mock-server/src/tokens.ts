import type { Clock } from '@coursekit/core/clock'
import { Hs256 } from './hs256.ts'

/** 2026-01-01T00:00:00Z: fixed so the default anon key never changes. */
const ANON_KEY_ISSUED_AT = 1_767_225_600
/** Bounds of the verified-token memo. */
const MIN_SWEEP_AT = 1024
const VERIFIED_CAP = 50_000

export interface AccessTokenClaims {
  sub: string
  email: string
  /** GoTrue's Postgres role: `authenticated` for users, `anon` for the anon key. */
  role: string
  aud: string
  exp: number
  iat: number
  session_id: string
  app_metadata: { provider: string; providers: string[] }
  user_metadata: Record<string, unknown>
  aal: 'aal1'
  amr: { method: string; timestamp: number }[]
  is_anonymous: boolean
}

export type NewAccessToken = Omit<AccessTokenClaims, 'exp' | 'iat' | 'aud' | 'role' | 'aal' | 'is_anonymous'>

/**
 * Signs and verifies the HS256 JWTs of one backend instance, on its clock. Signing returns a
 * promise for its callers' sake; the work is synchronous (see Hs256), and so is verifying, which
 * every authenticated request does.
 */
export class TokenIssuer {
  readonly #jwt: Hs256
  readonly #clock: Clock
  readonly #expirySeconds: number
  /**
   * Verified tokens, so a hot path (a heartbeat) does not redo the HMAC for a token it already
   * checked. Keyed by the signature, the token's last 43 characters: a Map hashes its string key on
   * every lookup of a new string, and the whole token is 500 characters or more. The entry keeps the
   * token, which must match in full.
   */
  readonly #verified = new Map<string, { token: string; claims: AccessTokenClaims }>()
  #sweepAt = MIN_SWEEP_AT

  constructor(secret: string, clock: Clock, expirySeconds: number) {
    this.#jwt = new Hs256(new TextEncoder().encode(secret))
    this.#clock = clock
    this.#expirySeconds = expirySeconds
  }

  get expirySeconds(): number {
    return this.#expirySeconds
  }

  nowSeconds(): number {
    return Math.floor(this.#clock.now() / 1000)
  }

  async signAccessToken(claims: NewAccessToken): Promise<{ token: string; exp: number; iat: number }> {
    const iat = this.nowSeconds()
    const exp = iat + this.#expirySeconds
    // Claim order as jose's SignJWT wrote it (aud, iat, exp last), so tokens read the same as before.
    const payload: AccessTokenClaims = {
      ...claims,
      role: 'authenticated',
      aal: 'aal1',
      is_anonymous: false,
      aud: 'authenticated',
      iat,
      exp,
    }
    const token = this.#jwt.sign(payload)
    // This issuer just signed it: its first use needs no HMAC check (a simulation refreshes a
    // token per device every hour, and each would be verified once more on its next request).
    this.#remember(token, payload)
    return { token, exp, iat }
  }

  /**
   * The anon key supabase-js sends as `apikey`: role anon, long-lived, and the same on every start
   * with the same secret, so an app's configuration can name it once.
   */
  async signAnonKey(): Promise<string> {
    const iat = ANON_KEY_ISSUED_AT
    return this.#jwt.sign({ role: 'anon', iss: 'coursekit-mock-server', iat, exp: iat + 10 * 365 * 24 * 3600 })
  }

  /** The claims of a valid, unexpired user token, or null. */
  verifyAccessToken(token: string): AccessTokenClaims | null {
    const now = this.nowSeconds()
    const signature = signatureOf(token)
    const cached = this.#verified.get(signature)
    if (cached?.token === token) {
      if (cached.claims.exp > now) return cached.claims
      this.#verified.delete(signature)
      return null
    }
    const payload = this.#jwt.verify(token)
    if (payload === null || !isLiveUserToken(payload, now)) return null
    const claims = payload as unknown as AccessTokenClaims
    this.#remember(token, claims)
    return claims
  }

  #remember(token: string, claims: AccessTokenClaims): void {
    // A long simulation issues a token per device per hour: when the memo has doubled since it was
    // last swept, the expired ones go (amortised, where evicting at every insert walked the holes
    // deleted entries leave at the front of a Map). The cap bounds a flood of live ones.
    if (this.#verified.size >= this.#sweepAt) {
      const now = this.nowSeconds()
      for (const [known, { claims }] of this.#verified) {
        if (claims.exp <= now || this.#verified.size >= VERIFIED_CAP) this.#verified.delete(known)
      }
      this.#sweepAt = Math.min(VERIFIED_CAP, Math.max(MIN_SWEEP_AT, this.#verified.size * 2))
    }
    this.#verified.set(signatureOf(token), { token, claims })
  }
}

const signatureOf = (token: string): string => token.slice(token.lastIndexOf('.') + 1)

/**
 * The claim checks jose's jwtVerify made (audience, exp, and nbf and iat when present, all numeric
 * dates), except that exp is required: a user token without one would never expire. Then the
 * user-token checks of this backend: a string sub and role authenticated.
 */
function isLiveUserToken(payload: Record<string, unknown>, now: number): boolean {
  const { exp, nbf, iat } = payload
  if (typeof exp !== 'number' || exp <= now) return false
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf > now)) return false
  if (iat !== undefined && typeof iat !== 'number') return false
  return payload.aud === 'authenticated' && typeof payload.sub === 'string' && payload.role === 'authenticated'
}
