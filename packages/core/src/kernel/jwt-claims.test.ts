import { describe, expect, it } from 'vitest'
import { decodeJwtClaims } from './jwt-claims.ts'

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

describe('decodeJwtClaims', () => {
  it('reads the payload, UTF-8 included', () => {
    const token = `${encode({ alg: 'HS256' })}.${encode({ sub: 'u1', exp: 123, name: '김하늘' })}.sig`
    expect(decodeJwtClaims(token)).toEqual({ sub: 'u1', exp: 123, name: '김하늘' })
  })

  it.each(['', 'abc', 'a.!!!.c', `a.${encode([1, 2])}.c`, `a.${Buffer.from('not json').toString('base64url')}.c`])(
    'gives null for %j',
    (token) => {
      expect(decodeJwtClaims(token)).toBeNull()
    },
  )
})
