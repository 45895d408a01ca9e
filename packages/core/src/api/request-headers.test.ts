import { describe, expect, it } from 'vitest'
import { requestHeaders } from './request-headers.ts'

const entries = (headers: Headers | Record<string, string>) =>
  headers instanceof Headers ? Object.fromEntries(headers) : headers

describe('requestHeaders', () => {
  it('sends accept and the user agent, and the bearer only with a token', () => {
    const headersFor = requestHeaders('coursekit-cli/1.0')
    expect(entries(headersFor(null, undefined))).toEqual({
      accept: 'application/json',
      'user-agent': 'coursekit-cli/1.0',
    })
    expect(entries(headersFor('', undefined))).toEqual({
      accept: 'application/json',
      'user-agent': 'coursekit-cli/1.0',
    })
    expect(entries(headersFor('t1', undefined))).toEqual({
      accept: 'application/json',
      'user-agent': 'coursekit-cli/1.0',
      authorization: 'Bearer t1',
    })
  })

  it('leaves the user agent to the runtime when there is none', () => {
    expect(entries(requestHeaders(null)('t1', undefined))).toEqual({
      accept: 'application/json',
      authorization: 'Bearer t1',
    })
  })

  it('shares one Headers per token, and makes a new one when the token changes', () => {
    const headersFor = requestHeaders('ua')
    const first = headersFor('t1', undefined)
    expect(headersFor('t1', undefined)).toBe(first)
    const refreshed = headersFor('t2', undefined)
    expect(refreshed).not.toBe(first)
    expect(entries(refreshed)).toMatchObject({ authorization: 'Bearer t2' })
    expect(headersFor(null, undefined)).toBe(headersFor(null, undefined))
  })

  it("puts a caller's own headers on top, as a fresh object each time", () => {
    const headersFor = requestHeaders('ua')
    const own = { 'user-agent': 'mine', 'x-request-id': 'r1' }
    const headers = headersFor('t1', own)
    expect(headers).toEqual({
      accept: 'application/json',
      'user-agent': 'mine',
      authorization: 'Bearer t1',
      'x-request-id': 'r1',
    })
    expect(headersFor('t1', own)).not.toBe(headers)
    expect(own).toEqual({ 'user-agent': 'mine', 'x-request-id': 'r1' })
  })

  it('throws for a token that cannot be a header value, every time, as a plain object would at send', () => {
    const headersFor = requestHeaders('ua')
    expect(() => headersFor('bad\ntoken', undefined)).toThrow(TypeError)
    expect(() => headersFor('bad\ntoken', undefined)).toThrow(TypeError)
    expect(entries(headersFor('t1', undefined))).toMatchObject({ authorization: 'Bearer t1' })
  })
})
