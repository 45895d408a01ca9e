import { createHmac } from 'node:crypto'
import { createSimulatedClock } from '@coursekit/core/testing'
import { base64url, jwtVerify, SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { DEFAULT_JWT_SECRET } from './options.ts'
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

/** The default anon key as every release so far has signed it: an app's configuration names it once. */
const DEFAULT_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoiYW5vbiIsImlzcyI6ImNvdXJzZWtpdC1tb2NrLXNlcnZlciIsImlhdCI6MTc2NzIyNTYwMCwiZXhwIjoyMDgyNTg1NjAwfQ.ZaDLQpGcnnnpjnBpSH7ll2kfEqU7azDEqv_M90BaT5E'

describe('TokenIssuer', () => {
  it('signs the default anon key byte for byte as before, whatever the clock says', async () => {
    const issuer = new TokenIssuer(DEFAULT_JWT_SECRET, createSimulatedClock(Date.UTC(2031, 5, 1)), 3600)
    expect(await issuer.signAnonKey()).toBe(DEFAULT_ANON_KEY)
  })

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

  it('refuses a token that borrows the signature of one it remembers', async () => {
    const issuer = new TokenIssuer(SECRET, createSimulatedClock(), 3600)
    const { token } = await issuer.signAccessToken(claims)
    expect(issuer.verifyAccessToken(token)).not.toBeNull()
    const [header, payload, signature] = token.split('.')
    const claimsRead = JSON.parse(Buffer.from(payload!, 'base64url').toString())
    const raised = Buffer.from(JSON.stringify({ ...claimsRead, sub: 'someone-else' })).toString('base64url')
    expect(issuer.verifyAccessToken(`${header}.${raised}.${signature}`)).toBeNull()
    expect(issuer.verifyAccessToken(`${header}.${payload}x.${signature}`)).toBeNull()
    expect(issuer.verifyAccessToken(token)).not.toBeNull()
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

/** jose, the reference implementation the issuer used before, with the issuer's secret. */
describe('TokenIssuer and jose', () => {
  const key = new TextEncoder().encode(SECRET)
  const joseToken = (payload: Record<string, unknown>) =>
    new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key)
  /** Any header and payload, signed HS256 with the secret by node:crypto: tokens jose would not write. */
  const handMade = (header: object, payload: object) => {
    const input = `${base64url.encode(JSON.stringify(header))}.${base64url.encode(JSON.stringify(payload))}`
    return `${input}.${createHmac('sha256', SECRET).update(input).digest('base64url')}`
  }

  it('signs tokens jose verifies, with the claims it remembers', async () => {
    const clock = createSimulatedClock()
    const issuer = new TokenIssuer(SECRET, clock, 3600)
    const { token } = await issuer.signAccessToken(claims)
    const { payload, protectedHeader } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      audience: 'authenticated',
      currentDate: new Date(clock.now()),
    })
    expect(protectedHeader).toEqual({ alg: 'HS256', typ: 'JWT' })
    expect(payload).toEqual(await issuer.verifyAccessToken(token))
  })

  it('verifies user tokens jose signed', async () => {
    const clock = createSimulatedClock()
    const iat = Math.floor(clock.now() / 1000)
    const payload = { ...claims, role: 'authenticated', aud: 'authenticated', iat, exp: iat + 60 }
    const verified = await new TokenIssuer(SECRET, clock, 3600).verifyAccessToken(await joseToken(payload))
    expect(verified).toEqual(payload)
  })

  it('refuses a tampered signature, another algorithm, an expired token and another audience', async () => {
    const clock = createSimulatedClock()
    const issuer = new TokenIssuer(SECRET, clock, 3600)
    const iat = Math.floor(clock.now() / 1000)
    const valid = { ...claims, role: 'authenticated', aud: 'authenticated', iat, exp: iat + 60 }
    const good = await joseToken(valid)
    const [header, payload, signature = ''] = good.split('.')
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`
    const refused = [
      `${header}.${payload}.${flipped}`,
      `${header}.${base64url.encode(JSON.stringify({ ...valid, sub: 'user-2' }))}.${signature}`,
      await new SignJWT(valid).setProtectedHeader({ alg: 'HS512' }).sign(key),
      handMade({ alg: 'none' }, valid),
      `${base64url.encode(JSON.stringify({ alg: 'none' }))}.${payload}.`,
      handMade({ alg: 'HS256', crit: ['exp'] }, valid),
      await joseToken({ ...valid, exp: iat }),
      await joseToken({ ...valid, nbf: iat + 1 }),
      await joseToken({ ...valid, aud: 'anon' }),
      await joseToken({ ...valid, role: 'anon' }),
      await joseToken({ ...valid, sub: 42 }),
      handMade({ alg: 'HS256' }, { ...valid, exp: undefined }),
      handMade({ alg: 'HS256' }, { ...valid, iat: 'now' }),
      await new TokenIssuer(`${SECRET}-other`, clock, 60).signAnonKey(),
      await issuer.signAnonKey(),
    ]
    for (const token of refused) expect(await issuer.verifyAccessToken(token), token).toBeNull()
    expect(await issuer.verifyAccessToken(good)).not.toBeNull()
  })

  it('answers null for anything that is not a compact JWS, never throwing', async () => {
    const issuer = new TokenIssuer(SECRET, createSimulatedClock(), 3600)
    const good = (await issuer.signAccessToken(claims)).token
    const [header = '', payload = '', signature = ''] = good.split('.')
    const malformed = [
      '',
      'not-a-jwt',
      `${header}.${payload}`,
      `${good}.${signature}`,
      `${header}.${payload}.${signature}=`,
      `${header} .${payload}.${signature}`,
      `${header}.${payload}+.${signature}`,
      `${base64url.encode('not json')}.${payload}.${signature}`,
      `${base64url.encode('[]')}.${payload}.${signature}`,
      `${header}.${payload}.${signature.slice(0, -1)}`,
      handMade({ alg: 'HS256' }, [claims]),
      `${header}.${base64url.encode(new Uint8Array([0xff, 0xfe]))}.${signature}`,
    ]
    for (const token of malformed) expect(await issuer.verifyAccessToken(token), token).toBeNull()
  })

  it('answers in the same turn of the event loop, with no round trip through the thread pool', async () => {
    const clock = createSimulatedClock()
    const signer = new TokenIssuer(SECRET, clock, 3600)
    let claimsSeen: unknown
    void signer
      .signAccessToken(claims)
      .then(({ token }) => new TokenIssuer(SECRET, clock, 3600).verifyAccessToken(token))
      .then((verified) => {
        claimsSeen = verified
      })
    for (let i = 0; i < 10; i++) await Promise.resolve()
    expect(claimsSeen).toMatchObject(claims)
  })
})
