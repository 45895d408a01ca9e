import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { bearerToken } from './http.ts'

describe('bearerToken', () => {
  const app = new Hono().get('/', (c) => c.json({ token: bearerToken(c) }))
  const read = async (authorization?: string) => {
    const response = await app.request('/', authorization === undefined ? {} : { headers: { authorization } })
    return ((await response.json()) as { token: string | null }).token
  }

  it('reads the token of any spelling of the Bearer scheme, and nothing else', async () => {
    expect(await read('Bearer a.b.c')).toBe('a.b.c')
    expect(await read('bearer a.b.c')).toBe('a.b.c')
    expect(await read('BEARER\ta.b.c')).toBe('a.b.c')
    expect(await read('Bearer   a.b.c')).toBe('a.b.c')
    expect(await read('Bearer \u00a0a.b.c')).toBe('a.b.c')
    expect(await read()).toBeNull()
    expect(await read('Bearer')).toBeNull()
    expect(await read('Bearer ')).toBeNull()
    expect(await read('Bearer a.b c')).toBeNull()
    expect(await read('Bearer a.b\u00a0c')).toBeNull()
    expect(await read('Basic a.b.c')).toBeNull()
    expect(await read('Bearera.b.c')).toBeNull()
  })
})
