import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { ProxyReply } from '@coursekit/core'
import { afterEach, describe, expect, inject, it, vi } from 'vitest'
import { DesktopHost } from './desktop-host.ts'

const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko) CoursekitDesktop/0.1.0'
const servers: Server[] = []

afterEach(async () => {
  vi.useRealTimers()
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})

interface Received {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: Buffer
}

/** A loopback HTTP server answering with `answer`, recording what it received. */
async function serve(answer: (request: IncomingMessage, response: ServerResponse) => void) {
  const received: Received[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
      })
      answer(request, response)
    })
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received }
}

const proxy = (host: DesktopHost, args: Record<string, unknown>) => host.invoke('proxy', args) as Promise<ProxyReply>

describe('the native host: proxy', () => {
  it('sends method, headers and a UTF-8 body as given, but always its own user agent', async () => {
    const server = await serve((_, response) => response.end())
    const host = new DesktopHost({ userAgent: USER_AGENT })
    const body = JSON.stringify({ nickname: '하늘' })
    await proxy(host, {
      url: `${server.origin}/api/v2/users/1/display-name?x=1`,
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: 'Bearer t', 'user-agent': 'the page' },
      body,
    })
    const [seen] = server.received
    expect(seen).toMatchObject({ method: 'PATCH', url: '/api/v2/users/1/display-name?x=1' })
    expect(seen?.headers).toMatchObject({
      'content-type': 'application/json',
      authorization: 'Bearer t',
      'user-agent': USER_AGENT,
      'content-length': String(Buffer.byteLength(body)),
    })
    expect(seen?.body.toString('utf8')).toBe(body)
  })

  it('answers a textual UTF-8 body as text, anything else as base64, byte for byte', async () => {
    const binary = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x0a, 0xe2, 0xe3, 0xcf, 0xd3, 0x00, 0xff])
    const server = await serve((request, response) => {
      if (request.url === '/json') {
        response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
        response.end('{"message":"안녕하세요"}')
      } else if (request.url === '/latin1') {
        response.writeHead(200, { 'content-type': 'text/plain; charset=iso-8859-1' })
        response.end(Buffer.from([0x63, 0x61, 0x66, 0xe9]))
      } else {
        response.writeHead(200, { 'content-type': 'application/pdf' })
        response.end(binary)
      }
    })
    const host = new DesktopHost({ userAgent: USER_AGENT })
    expect(await proxy(host, { url: `${server.origin}/json`, method: 'GET', headers: {}, body: null })).toMatchObject({
      status: 200,
      body: '{"message":"안녕하세요"}',
      bodyEncoding: 'text',
    })
    const latin1 = await proxy(host, { url: `${server.origin}/latin1`, method: 'GET', headers: {}, body: null })
    expect([latin1.bodyEncoding, Buffer.from(latin1.body ?? '', 'base64')]).toEqual([
      'base64',
      Buffer.from([0x63, 0x61, 0x66, 0xe9]),
    ])
    const pdf = await proxy(host, { url: `${server.origin}/pdf`, method: 'GET', headers: {}, body: null })
    expect([pdf.bodyEncoding, Buffer.from(pdf.body ?? '', 'base64')]).toEqual(['base64', binary])
  })

  it('keeps every response header, repeated ones as repeated pairs; no body for a HEAD or a 204', async () => {
    const server = await serve((request, response) => {
      response.setHeader('set-cookie', ['a=1; Path=/', 'b=2; Path=/'])
      response.setHeader('x-trace', ['one', 'two'])
      response.writeHead(request.method === 'HEAD' ? 200 : 204, 'Nothing Here')
      response.end()
    })
    const host = new DesktopHost({ userAgent: USER_AGENT })
    const reply = await proxy(host, { url: `${server.origin}/`, method: 'DELETE', headers: {}, body: null })
    expect(reply).toMatchObject({ status: 204, statusText: 'Nothing Here', body: null })
    const headers = reply.headers as [string, string][]
    expect(headers.filter(([name]) => name === 'set-cookie')).toEqual([
      ['set-cookie', 'a=1; Path=/'],
      ['set-cookie', 'b=2; Path=/'],
    ])
    expect(headers.filter(([name]) => name === 'x-trace')).toEqual([
      ['x-trace', 'one'],
      ['x-trace', 'two'],
    ])
    expect(await proxy(host, { url: `${server.origin}/`, method: 'HEAD', headers: {}, body: null })).toMatchObject({
      status: 200,
      body: null,
    })
  })

  it("passes Range on: the mock's media answers 206 with the part asked for", async () => {
    const host = new DesktopHost({ userAgent: USER_AGENT })
    const url = `${inject('desktopApiOrigin')}/media/video-101-1`
    const whole = await proxy(host, { url, method: 'GET', headers: {}, body: null })
    const part = await proxy(host, { url, method: 'GET', headers: { range: 'bytes=100-199' }, body: null })
    expect(part.status).toBe(206)
    const headers = new Map(part.headers as [string, string][])
    expect(headers.get('content-range')).toMatch(/^bytes 100-199\/\d+$/)
    const wholeBytes = Buffer.from(whole.body ?? '', 'base64')
    expect(Buffer.from(part.body ?? '', 'base64')).toEqual(wholeBytes.subarray(100, 200))
  })

  it('rejects when the server cannot be reached, and when no data comes for the timeout', async () => {
    const host = new DesktopHost({ userAgent: USER_AGENT, timeoutMs: 30_000 })
    const closed = await serve(() => {})
    servers.pop()?.close()
    await expect(proxy(host, { url: `${closed.origin}/`, method: 'GET', headers: {}, body: null })).rejects.toThrow(
      /GET http:\/\/127\.0\.0\.1:\d+\/ failed/,
    )

    const silent = await serve(() => {})
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const pending = proxy(host, { url: `${silent.origin}/slow`, method: 'GET', headers: {}, body: null })
    const outcome = pending.then(
      () => 'answered',
      (error: Error) => error.message,
    )
    // Until the request has arrived (setImmediate is not faked; vi.waitFor would move the fake clock).
    while (silent.received.length === 0) await new Promise((resolve) => setImmediate(resolve))
    await vi.advanceTimersByTimeAsync(29_999)
    expect(await Promise.race([outcome, Promise.resolve('waiting')])).toBe('waiting')
    await vi.advanceTimersByTimeAsync(1)
    expect(await outcome).toMatch(/\/slow failed: no data for 30000 ms/)
  })

  it('refuses what is not an http(s) request, naming the command', async () => {
    const host = new DesktopHost({ userAgent: USER_AGENT })
    await expect(proxy(host, { url: 'file:///etc/passwd', method: 'GET', headers: {}, body: null })).rejects.toThrow(
      'proxy: only http and https URLs, not file:',
    )
    await expect(proxy(host, { url: 'http://x.test/', method: 'GET', headers: { a: 1 }, body: null })).rejects.toThrow(
      'proxy: header a must be a string',
    )
    await expect(host.invoke('proxy', 'GET /')).rejects.toThrow('proxy: the arguments must be an object')
    await expect(host.invoke('open_file', {})).rejects.toThrow('unknown command: open_file')
  })
})

describe('the native host: token store and command log', () => {
  it('keeps values by key (none: the access token), forgets them on clear, and logs no value', async () => {
    const host = new DesktopHost({ userAgent: USER_AGENT })
    expect(await host.invoke('get_auth_token', {})).toBeNull()
    await host.invoke('save_auth_token', { token: 'access-secret' })
    await host.invoke('save_auth_token', { token: '{"refresh_token":"refresh-secret"}', key: 'auth_session' })
    expect(await host.invoke('get_auth_token', {})).toBe('access-secret')
    expect(await host.invoke('get_auth_token', { key: 'auth_session' })).toBe('{"refresh_token":"refresh-secret"}')
    await host.invoke('clear_auth_token', {})
    expect([...host.tokens]).toEqual([['auth_session', '{"refresh_token":"refresh-secret"}']])
    await host.invoke('clear_auth_token', { key: 'auth_session' })
    expect(host.tokens.size).toBe(0)
    await expect(host.invoke('save_auth_token', { token: 7 })).rejects.toThrow(
      'save_auth_token: token must be a string',
    )
    await expect(host.invoke('get_auth_token', { key: '../x' })).rejects.toThrow(
      'get_auth_token: key must be a short name',
    )

    expect(host.log.map((entry) => entry.command)).toEqual([
      'get_auth_token',
      'save_auth_token',
      'save_auth_token',
      'get_auth_token',
      'get_auth_token',
      'clear_auth_token',
      'clear_auth_token',
      'save_auth_token',
    ])
    expect(JSON.stringify(host.log)).not.toMatch(/secret/)
  })

  it('fails a command on demand, as a native error does, until it recovers', async () => {
    const saved: string[] = []
    const host = new DesktopHost({ userAgent: USER_AGENT, onSave: (key, value) => saved.push(`${key}=${value}`) })
    host.failWhen('save_auth_token', (args) => args.key === undefined, 'the keychain is locked')
    await expect(host.invoke('save_auth_token', { token: 'access-secret' })).rejects.toThrow(
      'save_auth_token: the keychain is locked',
    )
    await host.invoke('save_auth_token', { token: 'session', key: 'auth_session' })
    expect([...host.tokens]).toEqual([['auth_session', 'session']])
    expect(saved).toEqual(['auth_token=access-secret', 'auth_session=session'])
    host.recover()
    await host.invoke('save_auth_token', { token: 'access-secret' })
    expect(host.tokens.get('auth_token')).toBe('access-secret')
    expect(host.log.map((entry) => entry.command)).toEqual(['failed', 'save_auth_token', 'save_auth_token'])
  })

  it('logs a proxied request by method and URL without its query, and its status', async () => {
    const server = await serve((_, response) => response.end('ok'))
    const host = new DesktopHost({ userAgent: USER_AGENT })
    await proxy(host, {
      url: `${server.origin}/auth/v1/token?grant_type=refresh_token`,
      method: 'POST',
      headers: { authorization: 'Bearer access-secret' },
      body: '{"refresh_token":"refresh-secret"}',
    })
    expect(host.log).toEqual([
      { command: 'proxy', method: 'POST', url: `${server.origin}/auth/v1/token`, status: 200, encoding: 'base64' },
    ])
    expect(host.proxied('/auth/v1/token')).toHaveLength(1)
  })
})
