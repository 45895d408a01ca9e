import { describe, expect, it } from 'vitest'
import { createMockBackend } from './backend.ts'

const MAX = 200

describe('the request-size guard', () => {
  const post = async (body: BodyInit, headers: Record<string, string> = {}) => {
    const backend = await createMockBackend({ maxBodyBytes: MAX })
    const response = await backend.fetch(`${backend.url}/api/v2/session-tracker/end`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    })
    return response.status
  }
  const endBody = (bytes: number, char = 'x') => {
    const frame = JSON.stringify({ sessionId: '' })
    return JSON.stringify({ sessionId: char.repeat(bytes - frame.length) })
  }
  const stream = (text: string) =>
    new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(text))
        controller.close()
      },
    })

  it('takes a body of exactly the limit and refuses one byte more, however it is handed over', async () => {
    for (const wrap of [(text: string) => text, (text: string) => new TextEncoder().encode(text), stream]) {
      expect(await post(wrap(endBody(MAX)))).toBe(200)
      expect(await post(wrap(endBody(MAX + 1)))).toBe(413)
    }
  })

  it('counts bytes, not characters', async () => {
    const wide = JSON.stringify({ sessionId: '가'.repeat(Math.ceil(MAX / 3)) })
    expect(wide.length).toBeLessThan(MAX)
    expect(await post(wide)).toBe(413)
  })

  it('judges a request by the length it states', async () => {
    expect(await post(endBody(20), { 'content-length': String(MAX + 1) })).toBe(413)
  })
})
