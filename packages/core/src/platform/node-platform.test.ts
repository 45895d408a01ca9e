import { describe, expect, it } from 'vitest'
import { nodePlatform } from './node-platform.ts'

describe('nodePlatform', () => {
  it('posts beacons with fetch as text/plain and reports success', async () => {
    const requests: Request[] = []
    const platform = nodePlatform({
      fetch: async (input, init) => {
        requests.push(new Request(input, init))
        return new Response(null, { status: 204 })
      },
    })
    expect(platform.beacon.send('https://api.test/api/v2/session-tracker/end', '{"sessionId":"s1"}')).toBe(true)
    await Promise.resolve()
    expect(requests).toHaveLength(1)
    expect(requests[0]!.method).toBe('POST')
    expect(requests[0]!.headers.get('content-type')).toBe('text/plain;charset=UTF-8')
    expect(await requests[0]!.text()).toBe('{"sessionId":"s1"}')
  })

  it('posts a beacon with headers as JSON with those headers', async () => {
    const requests: Request[] = []
    const platform = nodePlatform({
      fetch: async (input, init) => {
        requests.push(new Request(input, init))
        return new Response(null, { status: 204 })
      },
    })
    platform.beacon.send('https://api.test/api/v2/session-tracker/end-watch', '{}', {
      headers: { authorization: 'Bearer t' },
    })
    await Promise.resolve()
    expect(requests[0]!.headers.get('authorization')).toBe('Bearer t')
    expect(requests[0]!.headers.get('content-type')).toBe('application/json')
  })

  it('swallows a failing beacon', async () => {
    const platform = nodePlatform({ fetch: () => Promise.reject(new TypeError('offline')) })
    expect(platform.beacon.send('https://api.test/x', '{}')).toBe(true)
    await new Promise<void>((resolve) => queueMicrotask(resolve))
  })

  it('names itself with the Node version and sends that user agent', () => {
    const platform = nodePlatform()
    expect(platform.name).toBe('node')
    expect(platform.userAgent()).toBe(`coursekit-core (Node.js ${process.version})`)
    expect(platform.sendsUserAgentHeader).toBe(true)
    expect(nodePlatform({ userAgent: 'my-script/1' }).userAgent()).toBe('my-script/1')
  })

  it('keeps state per platform: two platforms share nothing', async () => {
    const a = nodePlatform()
    const b = nodePlatform()
    a.storage.set('k', 'v')
    await a.tokenStore.set('token-a')
    expect(b.storage.get('k')).toBeNull()
    expect(await b.tokenStore.get()).toBeNull()
  })

  it('takes the page URL for server rendering and records navigation', () => {
    const platform = nodePlatform({ url: 'https://app.test/sign/complete/u1/a%40b.test' })
    expect(platform.location.current().pathname).toBe('/sign/complete/u1/a%40b.test')
    platform.navigator.navigate('/sign/in')
    expect(platform.location.current().pathname).toBe('/sign/in')
  })

  it('has no push to unsubscribe and never hides', async () => {
    const platform = nodePlatform()
    await expect(platform.push.unsubscribe()).resolves.toBeUndefined()
    expect(platform.lifecycle.isVisible()).toBe(true)
  })
})
