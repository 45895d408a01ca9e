import { describe, expect, it } from 'vitest'
import { classifyUserAgent } from '../analytics/user-agent-classifier.ts'
import { desktopPlatform } from './desktop-platform.ts'
import type { Invoke, ProxyReply, ProxyRequest } from './desktop-proxy.ts'
import { DESKTOP_APP_NAME, desktopUserAgent } from './desktop-user-agent.ts'
import { memoryPlatform } from './memory-platform.ts'

interface Call {
  command: string
  args: Record<string, unknown> | undefined
}

/** The user agent the wrapper gives its webview (DESKTOP_USER_AGENT_TOKEN). */
const WRAPPER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15 CoursekitDesktop/0.1.0'

function fakeInvoke(reply: (request: ProxyRequest) => unknown = () => ({ status: 200, body: '{}' })) {
  const calls: Call[] = []
  let token: string | null = null
  const invoke: Invoke = async (command, args) => {
    calls.push({ command, args })
    switch (command) {
      case 'proxy':
        return reply(args as unknown as ProxyRequest)
      case 'get_auth_token':
        return token
      case 'save_auth_token':
        token = String(args?.token)
        return null
      case 'clear_auth_token':
        token = null
        return null
      default:
        throw new Error(`unknown command ${command}`)
    }
  }
  return { invoke, calls }
}

describe('desktopPlatform', () => {
  it('sends requests through invoke("proxy", { url, method, headers, body }) and builds the Response', async () => {
    const { invoke, calls } = fakeInvoke(() => ({
      status: 201,
      statusText: 'Created',
      headers: { 'content-type': 'application/json', 'x-id': '7' },
      body: '{"ok":true}',
    }))
    const platform = desktopPlatform({ invoke, base: memoryPlatform({ userAgent: WRAPPER_UA }) })

    const response = await platform.fetch('https://api.test/api/v2/things?x=1', {
      method: 'POST',
      headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
      body: JSON.stringify({ name: '강의' }),
    })

    expect(calls).toEqual([
      {
        command: 'proxy',
        args: {
          url: 'https://api.test/api/v2/things?x=1',
          method: 'POST',
          headers: { authorization: 'Bearer t', 'content-type': 'application/json', 'user-agent': WRAPPER_UA },
          body: '{"name":"강의"}',
        },
      },
    ])
    expect(response.status).toBe(201)
    expect(response.statusText).toBe('Created')
    expect(response.headers.get('x-id')).toBe('7')
    expect(await response.json()).toEqual({ ok: true })
  })

  it('sends a null body for GET and accepts header pairs and a missing body', async () => {
    const { invoke, calls } = fakeInvoke(() => ({ status: 204, headers: [['x-a', '1']] }) satisfies ProxyReply)
    const platform = desktopPlatform({ invoke, base: memoryPlatform() })
    const response = await platform.fetch('https://api.test/api/ping')
    expect((calls[0]!.args as unknown as ProxyRequest).body).toBeNull()
    expect((calls[0]!.args as unknown as ProxyRequest).method).toBe('GET')
    expect(response.status).toBe(204)
    expect(response.headers.get('x-a')).toBe('1')
    expect(await response.text()).toBe('')
  })

  it('decodes a base64 body (a downloaded file) to its bytes', async () => {
    const bytes = new Uint8Array([0, 1, 2, 250, 255])
    const { invoke } = fakeInvoke(() => ({
      status: 200,
      headers: { 'content-type': 'application/octet-stream' },
      body: Buffer.from(bytes).toString('base64'),
      bodyEncoding: 'base64',
    }))
    const response = await desktopPlatform({ invoke, base: memoryPlatform() }).fetch('https://api.test/file')
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes)
  })

  it('turns a rejected invoke into a network-style TypeError', async () => {
    const { invoke } = fakeInvoke(() => {
      throw new Error('connection refused')
    })
    const platform = desktopPlatform({ invoke, base: memoryPlatform() })
    await expect(platform.fetch('https://api.test/x')).rejects.toThrow(TypeError)
  })

  it.each([
    ['not an object', 'nope'],
    ['a status out of range', { status: 99 }],
    ['a status that is no integer', { status: 200.5 }],
    ['headers of another shape', { status: 200, headers: [['x-a']] }],
    ['a non-string body', { status: 200, body: { a: 1 } }],
    ['an unknown encoding', { status: 200, body: 'x', bodyEncoding: 'hex' }],
  ])('rejects a malformed reply (%s) clearly', async (_, reply) => {
    const { invoke } = fakeInvoke(() => reply)
    await expect(desktopPlatform({ invoke, base: memoryPlatform() }).fetch('https://api.test/x')).rejects.toThrow(
      'desktop proxy returned a malformed reply',
    )
  })

  it.each([
    ['no reply', undefined],
    ['status 0, as a failed fetch has', { status: 0 }],
  ])('reads %s as nothing arrived: a network-style TypeError, not a malformed reply', async (_, reply) => {
    const { invoke } = fakeInvoke(() => reply)
    const failure = desktopPlatform({ invoke, base: memoryPlatform() }).fetch('https://api.test/x')
    await expect(failure).rejects.toThrow('desktop proxy returned no reply')
    await expect(failure).rejects.not.toHaveProperty('name', 'MalformedReplyError')
  })

  it('stops waiting when the request is aborted', async () => {
    const invoke: Invoke = () => new Promise(() => {})
    const controller = new AbortController()
    const pending = desktopPlatform({ invoke, base: memoryPlatform() }).fetch('https://api.test/x', {
      signal: controller.signal,
    })
    controller.abort()
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
  })

  it('keeps the token in native storage through get/save/clear_auth_token', async () => {
    const { invoke, calls } = fakeInvoke()
    const base = memoryPlatform()
    const platform = desktopPlatform({ invoke, base })
    expect(await platform.tokenStore.get()).toBeNull()
    await platform.tokenStore.set('native-token')
    expect(await platform.tokenStore.get()).toBe('native-token')
    await platform.tokenStore.clear()
    expect(await platform.tokenStore.get()).toBeNull()
    expect(calls.map((call) => [call.command, call.args])).toEqual([
      ['get_auth_token', undefined],
      ['save_auth_token', { token: 'native-token' }],
      ['get_auth_token', undefined],
      ['clear_auth_token', undefined],
      ['get_auth_token', undefined],
    ])
    // The webview's cookie and storage are not used for the token.
    expect(base.cookieJar.size).toBe(0)
    expect(base.storage.get('auth_token')).toBeNull()
  })

  it('reads a failing get_auth_token as no token, and lets a failing save reject', async () => {
    const invoke: Invoke = async () => {
      throw new Error('keychain locked')
    }
    const platform = desktopPlatform({ invoke, base: memoryPlatform() })
    expect(await platform.tokenStore.get()).toBeNull()
    await expect(platform.tokenStore.set('t')).rejects.toThrow('keychain locked')
  })

  it('sends beacons through the proxy too', async () => {
    const { invoke, calls } = fakeInvoke()
    const base = memoryPlatform()
    const platform = desktopPlatform({ invoke, base })
    expect(platform.beacon.send('https://api.test/api/v2/session-tracker/end', '{"sessionId":"s"}')).toBe(true)
    await new Promise<void>((resolve) => setImmediate(resolve))
    expect(calls[0]).toMatchObject({
      command: 'proxy',
      args: { method: 'POST', url: 'https://api.test/api/v2/session-tracker/end', body: '{"sessionId":"s"}' },
    })
    expect(base.beacons).toEqual([])
  })

  it('asks the proxy in the same task for a text body, so a beacon leaves from pagehide (where Chromium never settles request.text())', () => {
    const { invoke, calls } = fakeInvoke()
    const platform = desktopPlatform({ invoke, base: memoryPlatform() })
    platform.beacon.send('https://api.test/api/v2/session-tracker/end-watch', '{"sessionId":"s"}', {
      headers: { authorization: 'Bearer t' },
    })
    expect(calls.map((call) => call.command)).toEqual(['proxy'])
    expect(calls[0]?.args).toMatchObject({ body: '{"sessionId":"s"}' })
  })

  it('sends a beacon with headers (end-watch with its bearer token) through the proxy as JSON', async () => {
    const { invoke, calls } = fakeInvoke()
    const platform = desktopPlatform({ invoke, base: memoryPlatform() })
    platform.beacon.send('https://api.test/api/v2/session-tracker/end-watch', '{"sessionId":"s"}', {
      headers: { authorization: 'Bearer t' },
    })
    await new Promise<void>((resolve) => setImmediate(resolve))
    expect(calls[0]).toMatchObject({
      command: 'proxy',
      args: { headers: { authorization: 'Bearer t', 'content-type': 'application/json' } },
    })
  })

  it('keeps the webview locks, so windows of the wrapper elect one heartbeat sender', () => {
    const base = memoryPlatform()
    expect(desktopPlatform({ invoke: fakeInvoke().invoke, base }).locks).toBe(base.locks)
  })

  it('keeps everything else from the webview platform', () => {
    const base = memoryPlatform({ url: 'https://app.test/x', userAgent: WRAPPER_UA })
    const platform = desktopPlatform({ invoke: fakeInvoke().invoke, base })
    expect(platform.name).toBe('desktop')
    expect(platform.location.current().pathname).toBe('/x')
    expect(platform.userAgent()).toBe(WRAPPER_UA)
    expect(platform.storage).toBe(base.storage)
  })

  it('adds the desktop token to a webview user agent that lacks it, and sends it on every proxied request', async () => {
    const { invoke, calls } = fakeInvoke()
    const engine = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko)'
    const platform = desktopPlatform({ invoke, base: memoryPlatform({ userAgent: engine }), appVersion: '2.1.0' })
    expect(platform.userAgent()).toBe(`${engine} CoursekitDesktop/2.1.0`)
    await platform.fetch('https://api.test/auth/v1/token', { method: 'POST', body: '{}' })
    expect((calls[0]!.args as unknown as ProxyRequest).headers['user-agent']).toBe(`${engine} CoursekitDesktop/2.1.0`)
    // The user-agent classifier (which has the token written again) reads it as the app.
    expect(classifyUserAgent(platform.userAgent())).toEqual({
      browser: DESKTOP_APP_NAME,
      os: 'Linux',
      deviceType: 'desktop',
    })
    expect(classifyUserAgent(desktopUserAgent(engine)).browser).toBe(DESKTOP_APP_NAME)
    // A request that names its own user agent keeps it.
    await platform.fetch('https://api.test/x', { headers: { 'user-agent': 'other/1' } })
    expect((calls[1]!.args as unknown as ProxyRequest).headers['user-agent']).toBe('other/1')
  })
})
