import { describe, expect, it } from 'vitest'
import { readCodeChallenge, s256, verifierMatches } from './pkce.ts'

// RFC 7636, appendix B.
const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'

describe('PKCE', () => {
  it('computes the RFC 7636 S256 challenge', async () => {
    expect(await s256(VERIFIER)).toBe(CHALLENGE)
  })

  it('matches a verifier against s256 and plain challenges', async () => {
    expect(await verifierMatches({ challenge: CHALLENGE, method: 's256' }, VERIFIER)).toBe(true)
    expect(await verifierMatches({ challenge: CHALLENGE, method: 's256' }, `${VERIFIER}x`)).toBe(false)
    expect(await verifierMatches({ challenge: VERIFIER, method: 'plain' }, VERIFIER)).toBe(true)
    expect(await verifierMatches({ challenge: VERIFIER, method: 'plain' }, CHALLENGE)).toBe(false)
  })

  it('reads no challenge as the implicit flow, and the method case-insensitively', () => {
    expect(readCodeChallenge(null, null)).toBeNull()
    expect(readCodeChallenge(undefined, '')).toBeNull()
    expect(readCodeChallenge(CHALLENGE, 'S256')).toEqual({ challenge: CHALLENGE, method: 's256' })
  })

  it('refuses half a pair, a short or odd challenge, and an unknown method', () => {
    expect(() => readCodeChallenge(CHALLENGE, null)).toThrow(/requires code_challenge_method and code_challenge/)
    expect(() => readCodeChallenge(null, 's256')).toThrow(/requires/)
    expect(() => readCodeChallenge('short', 's256')).toThrow(/43 and 128/)
    expect(() => readCodeChallenge(`${'a'.repeat(42)}!`, 's256')).toThrow(/43 and 128/)
    expect(() => readCodeChallenge(CHALLENGE, 'S512')).toThrow(/Unsupported code_challenge_method/)
  })
})
