import { describe, expect, it } from 'vitest'
import { MINUTE } from '../kernel/time-units.ts'
import { isExpiring, readToken, refreshDelay } from './auth-token.ts'

function jwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '')
  return `${part({ alg: 'HS256' })}.${part(claims)}.sig`
}

describe('token facts', () => {
  it('reads exp and iat (as ms), sub and email from the token', () => {
    expect(readToken(jwt({ exp: 1_800_000_000, iat: 1_799_996_400, sub: 'u1', email: 'a@b.c' }))).toEqual({
      expiresAt: 1_800_000_000_000,
      issuedAt: 1_799_996_400_000,
      userId: 'u1',
      email: 'a@b.c',
    })
    expect(readToken(jwt({ exp: 1, sub: 'u1' }))?.email).toBeNull()
    expect(readToken(jwt({ exp: 1, sub: 'u1' }))?.issuedAt).toBeNull()
  })

  it('refuses a token without exp or sub, or that is no JWT', () => {
    expect(readToken(jwt({ sub: 'u1' }))).toBeNull()
    expect(readToken(jwt({ exp: 1 }))).toBeNull()
    expect(readToken('opaque')).toBeNull()
  })

  it('counts a token as expiring under 5 minutes left; the timer is 10 minutes before expiry, at once when late', () => {
    const now = 1_000 * MINUTE
    expect(isExpiring(now + 5 * MINUTE, now)).toBe(false)
    expect(isExpiring(now + 5 * MINUTE - 1, now)).toBe(true)
    expect(isExpiring(now - 1, now)).toBe(true)
    expect(refreshDelay(now + 60 * MINUTE, now)).toBe(50 * MINUTE)
    expect(refreshDelay(now + 7 * MINUTE, now)).toBe(0)
  })
})
