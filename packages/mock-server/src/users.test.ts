import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { hashPassword, randomHex, verifyPassword } from './users.ts'

describe('password hashes', () => {
  it('are salt$hex(SHA-256("salt:password")), the format WebCrypto wrote, and check against it', async () => {
    const stored = hashPassword('correct horse', 'a1b2c3d4e5f60718')
    expect(stored).toBe(
      `a1b2c3d4e5f60718$${createHash('sha256').update('a1b2c3d4e5f60718:correct horse').digest('hex')}`,
    )
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode('0011223344556677:비밀번호'))
    const webCrypto = `0011223344556677$${Buffer.from(digest).toString('hex')}`
    expect(verifyPassword('비밀번호', webCrypto)).toBe(true)
    expect(verifyPassword('비밀번호!', webCrypto)).toBe(false)
  })

  it('get a fresh salt each time, and a wrong password or a malformed hash never checks', () => {
    const first = hashPassword('pw')
    const second = hashPassword('pw')
    expect(first).toMatch(/^[0-9a-f]{16}\$[0-9a-f]{64}$/)
    expect(second).not.toBe(first)
    expect(verifyPassword('pw', first)).toBe(true)
    expect(verifyPassword('pw', second)).toBe(true)
    expect(verifyPassword('PW', first)).toBe(false)
    expect(verifyPassword('pw', '')).toBe(false)
    expect(verifyPassword('pw', '$deadbeef')).toBe(false)
  })
})

describe('randomHex', () => {
  it('gives hex of the asked length, never the same twice, across refills of its pool and beyond its size', () => {
    const drawn = Array.from({ length: 1_000 }, () => randomHex(16))
    expect(drawn.every((hex) => /^[0-9a-f]{32}$/.test(hex))).toBe(true)
    expect(new Set(drawn).size).toBe(drawn.length)
    const large = randomHex(5_000)
    expect(large).toMatch(/^[0-9a-f]{10000}$/)
    expect(randomHex(5_000)).not.toBe(large)
  })
})
