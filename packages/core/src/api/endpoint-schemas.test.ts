import { describe, expect, it, vi } from 'vitest'
import { createEmitter } from '../kernel/emitter.ts'
import type { FetchLike } from '../kernel/ports.ts'
import { memoryPlatform } from '../platform/memory-platform.ts'
import { createSimulatedClock } from '../testing/index.ts'
import { createApiClient } from './api-client.ts'
import { createApiUrls } from './api-urls.ts'
import { tokenStoreApiAuth } from './token-store-api-auth.ts'

// The schemas' chunk never arrives (as a lost network would have it): whatever still works here
// works without zod.
vi.mock('../contract/endpoints.ts', () => {
  throw new Error('the schemas chunk did not load')
})

function clientAnswering(body: unknown) {
  const sent: string[] = []
  const fetch: FetchLike = async (input) => {
    sent.push(String(input instanceof Request ? input.url : input))
    return Response.json(body)
  }
  const platform = memoryPlatform({ url: 'https://app.example.com/' })
  const api = createApiClient({
    urls: createApiUrls('https://api.example.com'),
    fetch,
    clock: createSimulatedClock(),
    auth: () => tokenStoreApiAuth(platform.tokenStore),
    events: createEmitter(),
    location: platform.location,
    userAgent: null,
    lifetime: new AbortController().signal,
  })
  return { api, sent }
}

describe('the contract schemas load on first need', () => {
  it("a content read that fits is answered without them (the first screen's reads)", async () => {
    const answer = { items: [{ id: 1, title: '배너' }], total: 1 }
    const { api } = clientAnswering(answer)
    expect(await api.call('banners')).toMatchObject({ ok: true, data: answer })
    const course = { id: 101, title: '리액트' }
    expect(await clientAnswering(course).api.call('course', { params: { id: '101' } })).toMatchObject({
      ok: true,
      data: course,
    })
  })

  it('a content read that does not fit needs its schema to say why: without it, the parse failure', async () => {
    const { api } = clientAnswering({ items: 'nope', total: 1 })
    expect(await api.call('banners')).toMatchObject({
      ok: false,
      status: 200,
      error: '응답 처리 중 오류가 발생했습니다.',
      code: 'INVALID_RESPONSE',
    })
  })

  it('a call with a body is not sent unchecked: without the schemas it fails before anything goes', async () => {
    const { api, sent } = clientAnswering({ ok: true })
    const result = await api.call('trackVisit', { body: { pageUrl: 'https://app.example.com/' } as never })
    expect(result).toMatchObject({ ok: false, status: 0, code: 'NETWORK_ERROR' })
    expect((result as { cause: unknown }).cause).toBeInstanceOf(Error)
    expect(sent).toEqual([])
  })
})
