import { createSimulatedClock } from '@coursekit/core/simulated-clock'
import { describe, expect, it } from 'vitest'
import { TokenIssuer } from './tokens.ts'

const SECRET = 'a-test-secret-that-is-at-least-32-bytes-long'
const claims = {
  sub: 'user-1',
  email: 'one@coursekit.test',
  session_id: 'session-1',
  app_metadata: { provider: 'email', providers: ['email'] },
  user_metadata: {},
  amr: [{ method: 'password', timestamp: 1 }],
}

describe('TokenIssuer', () => {
  it('knows the claims of a token it signed exactly as a fresh check of the signature reads them', async () => {
    const clock = createSimulatedClock()
    const issuer = new TokenIssuer(SECRET, clock, 3600)
    const { token, exp } = await issuer.signAccessToken(claims)
    const remembered = await issuer.verifyAccessToken(token)
    const checked = await new TokenIssuer(SECRET, clock, 3600).verifyAccessToken(token)
    expect(checked).not.toBeNull()
    expect(remembered).toEqual(checked)
    expect(remembered).toMatchObject({ ...claims, role: 'authenticated', aud: 'authenticated', exp })
  })

  it('refuses a token once it expired, remembered or not, and one signed with another secret', async () => {
    const clock = createSimulatedClock()
    const issuer = new TokenIssuer(SECRET, clock, 60)
    const other = new TokenIssuer(`${SECRET}-other`, clock, 60)
    const { token } = await issuer.signAccessToken(claims)
    const { token: foreign } = await other.signAccessToken(claims)
    expect(await issuer.verifyAccessToken(foreign)).toBeNull()
    await clock.tickAsync(60_000)
    expect(await issuer.verifyAccessToken(token)).toBeNull()
    expect(await new TokenIssuer(SECRET, clock, 60).verifyAccessToken(token)).toBeNull()
  })
})
