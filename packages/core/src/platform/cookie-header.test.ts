import { describe, expect, it } from 'vitest'
import { readCookie, serializeCookie } from './cookie-header.ts'

describe('cookie header helpers', () => {
  it('reads one cookie among several, decoded', () => {
    expect(readCookie('a=1; auth_token=abc%3D%3D; b=2', 'auth_token')).toBe('abc==')
    expect(readCookie('a=1; xauth_token=no', 'auth_token')).toBeNull()
    expect(readCookie('', 'a')).toBeNull()
  })

  it('keeps a malformed percent sequence as it is', () => {
    expect(readCookie('a=%E0%A4%A', 'a')).toBe('%E0%A4%A')
  })

  it('serializes with path, max-age, same-site and secure', () => {
    expect(
      serializeCookie('auth_token', 'a b', { maxAgeSeconds: 604800, path: '/', sameSite: 'lax', secure: true }),
    ).toBe('auth_token=a%20b; Path=/; Max-Age=604800; SameSite=Lax; Secure')
    expect(serializeCookie('x', '', { maxAgeSeconds: 0 })).toBe('x=; Path=/; Max-Age=0')
  })

  it('round-trips any string, JSON included', () => {
    const value = JSON.stringify({ userId: 'u1', role: 'USER', hasProfile: true, timestamp: 1 })
    const header = serializeCookie('user_role_info', value).split(';')[0]!
    expect(readCookie(header, 'user_role_info')).toBe(value)
  })
})
