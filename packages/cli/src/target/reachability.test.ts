import { describe, expect, it } from 'vitest'
import { describeNetworkError, unreachableTarget } from './reachability.ts'
import { closedPort } from './test-ports.ts'

const fetchFailed = (cause: unknown) => new TypeError('fetch failed', { cause })
const coded = (code: string, message = code) => Object.assign(new Error(message), { code })

describe('describeNetworkError', () => {
  it('names what went wrong in words', () => {
    expect(describeNetworkError(fetchFailed(coded('ECONNREFUSED')))).toMatch(/^connection refused/)
    expect(describeNetworkError(fetchFailed(coded('ENOTFOUND')))).toMatch(/^name not found/)
    expect(describeNetworkError(fetchFailed(coded('EAI_AGAIN')))).toMatch(/^name not found/)
    expect(describeNetworkError(fetchFailed(coded('UND_ERR_CONNECT_TIMEOUT')))).toBe('the connection timed out')
    expect(describeNetworkError(fetchFailed(new Error('bad port')))).toMatch(/does not connect to this port/)
    expect(describeNetworkError(new DOMException('timed out', 'TimeoutError'), 10_000)).toBe('no answer within 10 s')
  })

  it('says TLS for a certificate problem, with its code', () => {
    expect(describeNetworkError(fetchFailed(coded('CERT_HAS_EXPIRED', 'certificate has expired')))).toBe(
      'TLS: certificate has expired (CERT_HAS_EXPIRED)',
    )
    expect(describeNetworkError(fetchFailed(coded('DEPTH_ZERO_SELF_SIGNED_CERT', 'self-signed certificate')))).toBe(
      'TLS: self-signed certificate (DEPTH_ZERO_SELF_SIGNED_CERT)',
    )
  })

  it('finds the code in an AggregateError of one attempt per address', () => {
    const attempts = new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')], 'all failed')
    expect(describeNetworkError(fetchFailed(attempts))).toMatch(/^connection refused/)
  })
})

describe('unreachableTarget', () => {
  it('names the URL that does not answer, and passes one that answers with any status', async () => {
    const port = await closedPort()
    const down = `http://127.0.0.1:${port}`
    expect(await unreachableTarget({ apiBaseUrl: down, supabaseUrl: down })).toBe(
      `cannot reach ${down}: connection refused (is the server running, and on this port?)`,
    )
    const answering = async () => new Response('no such page', { status: 404 })
    expect(
      await unreachableTarget(
        { apiBaseUrl: 'https://api.test', supabaseUrl: 'https://auth.test' },
        { fetch: answering },
      ),
    ).toBeNull()
    const authDown = async (input: RequestInfo | URL) => {
      if (String(input).startsWith('https://auth.test')) throw fetchFailed(coded('ENOTFOUND'))
      return new Response(null, { status: 401 })
    }
    expect(
      await unreachableTarget(
        { apiBaseUrl: 'https://api.test', supabaseUrl: 'https://auth.test' },
        { fetch: authDown },
      ),
    ).toMatch(/^cannot reach https:\/\/auth\.test: name not found/)
  })
})
