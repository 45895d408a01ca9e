import { describe, expect, it } from 'vitest'
import { requestInit } from './request-init.ts'

const signal = new AbortController().signal

describe('requestInit: the body as the API client sends it', () => {
  it('a plain object or array goes as JSON, typed so, and the shared headers are left as they were', () => {
    const shared = new Headers({ accept: 'application/json', authorization: 'Bearer t' })
    for (const body of [{ a: 1 }, [1, 2], 7, true]) {
      const init = requestInit('POST', shared, body, signal)
      expect(init.body).toBe(JSON.stringify(body))
      const headers = new Headers(init.headers)
      expect(headers.get('content-type')).toBe('application/json')
      expect(headers.get('authorization')).toBe('Bearer t')
    }
    expect(shared.has('content-type')).toBe(false)
  })

  it("a string goes as it is, JSON-typed unless the caller says otherwise; the caller's type is kept", () => {
    expect(new Headers(requestInit('PUT', {}, '{"a":1}', signal).headers).get('content-type')).toBe('application/json')
    const plain = requestInit('POST', { 'content-type': 'text/plain' }, 'hello', signal)
    expect(plain.body).toBe('hello')
    expect(new Headers(plain.headers).get('content-type')).toBe('text/plain')
  })

  it('form-encodes an object when the caller asks for a form', () => {
    const init = requestInit(
      'POST',
      { 'content-type': 'application/x-www-form-urlencoded' },
      { a: '1', b: 'ㄱ' },
      signal,
    )
    expect(init.body).toBe('a=1&b=%E3%84%B1')
  })

  it('FormData, a Blob and a buffer go as they are; a stream half-duplex', () => {
    const form = new FormData()
    const blob = new Blob(['x'])
    const buffer = new Uint8Array([1])
    for (const body of [form, blob, buffer]) expect(requestInit('POST', {}, body, signal).body).toBe(body)
    const stream = new ReadableStream()
    expect(requestInit('POST', {}, stream, signal)).toMatchObject({ body: stream, duplex: 'half' })
  })

  it('a GET carries no body of its own making, and no JSON type', () => {
    const init = requestInit('GET', { accept: 'application/json' }, undefined, signal)
    expect(init).toEqual({ method: 'GET', headers: { accept: 'application/json' }, signal })
  })
})
