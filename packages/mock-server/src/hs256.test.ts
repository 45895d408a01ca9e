import { createHmac } from 'node:crypto'
import { base64url } from 'jose'
import { describe, expect, it } from 'vitest'
import { Hs256 } from './hs256.ts'

const key = new TextEncoder().encode('a-secret-of-at-least-thirty-two-bytes!!')
const native = new Hs256(key)
const portable = new Hs256(key, { portable: true })
const payload = { sub: '사용자-1', aud: 'authenticated', exp: 1_900_000_000, amr: [{ method: 'password' }] }

describe('Hs256 on Node and in portable code', () => {
  it('writes byte-identical tokens, signed as RFC 7515 says', () => {
    const token = native.sign(payload)
    expect(portable.sign(payload)).toBe(token)
    const [header = '', body = '', signature = ''] = token.split('.')
    expect(JSON.parse(new TextDecoder().decode(base64url.decode(header)))).toEqual({ alg: 'HS256', typ: 'JWT' })
    expect(JSON.parse(new TextDecoder().decode(base64url.decode(body)))).toEqual(payload)
    expect(signature).toBe(createHmac('sha256', key).update(`${header}.${body}`).digest('base64url'))
  })

  it("verifies each other's tokens and refuses the same forgeries", () => {
    const token = native.sign(payload)
    expect(native.verify(portable.sign(payload))).toEqual(payload)
    expect(portable.verify(token)).toEqual(payload)
    const [header = '', body = '', signature = ''] = token.split('.')
    const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`
    const otherKey = new Hs256(new TextEncoder().encode('another-secret-of-at-least-32-bytes!!'))
    const refused = [
      `${header}.${body}.${flipped}`,
      `${header}.${body}.${signature.slice(0, -2)}`,
      `${header}.${body}.${signature}AA`,
      `${header}.${base64url.encode(JSON.stringify({ ...payload, sub: 'someone-else' }))}.${signature}`,
      `${base64url.encode(JSON.stringify({ alg: 'none' }))}.${body}.${signature}`,
      `${base64url.encode(JSON.stringify({ alg: 'HS256', crit: ['b64'] }))}.${body}.${signature}`,
      otherKey.sign(payload),
      `${header}.${body}`,
      `${header}.${body}.${signature}=`,
      '',
    ]
    for (const forged of refused) {
      expect(native.verify(forged), forged).toBeNull()
      expect(portable.verify(forged), forged).toBeNull()
    }
  })
})
