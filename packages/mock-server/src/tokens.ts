import { jwtVerify, SignJWT } from 'jose'
import type { BackendClock } from './clock.ts'

/** 2026-01-01T00:00:00Z: fixed so the default anon key never changes. */
const ANON_KEY_ISSUED_AT = 1_767_225_600

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

/** Signs and verifies the HS256 JWTs of one backend instance, on its clock. */
export class TokenIssuer {
  readonly #key: Uint8Array<ArrayBuffer>
  readonly #clock: BackendClock
  readonly #expirySeconds: number
  /** Verified tokens, so a hot path (a heartbeat) does not redo the HMAC for a token it already checked. */
  readonly #verified = new Map<string, AccessTokenClaims>()
  #imported: Promise<CryptoKey> | null = null

  constructor(secret: string, clock: BackendClock, expirySeconds: number) {
    this.#key = new TextEncoder().encode(secret)
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
    const payload = { ...claims, role: 'authenticated', aal: 'aal1' as const, is_anonymous: false }
    const token = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setAudience('authenticated')
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(await this.#cryptoKey())
    // This issuer just signed it: its first use needs no HMAC check (a simulation refreshes a
    // token per device every hour, and each would be verified once more on its next request).
    this.#remember(token, { ...payload, aud: 'authenticated', iat, exp })
    return { token, exp, iat }
  }

  /** The HMAC key, imported once: importing costs as much as the signature itself. */
  #cryptoKey(): Promise<CryptoKey> {
    this.#imported ??= crypto.subtle.importKey('raw', this.#key, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ])
    return this.#imported
  }

  /**
   * The anon key supabase-js sends as `apikey`: role anon, long-lived, and the same on every start
   * with the same secret, so an app's configuration can name it once.
   */
  async signAnonKey(): Promise<string> {
    const iat = ANON_KEY_ISSUED_AT
    return new SignJWT({ role: 'anon', iss: 'coursekit-mock-server' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(iat)
      .setExpirationTime(iat + 10 * 365 * 24 * 3600)
      .sign(this.#key)
  }

  /** The claims of a valid, unexpired user token, or null. */
  async verifyAccessToken(token: string): Promise<AccessTokenClaims | null> {
    const now = this.nowSeconds()
    const cached = this.#verified.get(token)
    if (cached) {
      if (cached.exp > now) return cached
      this.#verified.delete(token)
      return null
    }
    try {
      const { payload } = await jwtVerify(token, await this.#cryptoKey(), {
        algorithms: ['HS256'],
        audience: 'authenticated',
        currentDate: new Date(now * 1000),
      })
      if (typeof payload.sub !== 'string' || payload.role !== 'authenticated') return null
      const claims = payload as unknown as AccessTokenClaims
      this.#remember(token, claims)
      return claims
    } catch {
      return null
    }
  }

  #remember(token: string, claims: AccessTokenClaims): void {
    // Bounded: a long simulation issues a token per device per hour.
    if (this.#verified.size >= 50_000) {
      const oldest = this.#verified.keys().next().value
      if (oldest !== undefined) this.#verified.delete(oldest)
    }
    this.#verified.set(token, claims)
  }
}
