import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runGjs, skipWithoutWebKitGtk } from './gjs-runner.ts'

interface ProxyReply {
  status: number
  statusText?: string
  headers: [string, string][]
  body: string | null
  bodyEncoding?: 'text' | 'base64'
}
type Result = { reply: ProxyReply } | { error: string }
interface Run {
  results: Result[]
  logged: Record<string, string>[]
}

const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/605.1.15 CoursekitDesktop/0.1.0'
/** Every byte value, so a lossy text round trip would show. */
const BINARY = Buffer.from(Array.from({ length: 512 }, (_, i) => i % 256))

describe.skipIf(skipWithoutWebKitGtk({ window: false }))('the native proxy command (src/proxy.js under gjs)', () => {
  let server: Server
  let origin: string
  const received: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = []

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8')
        received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body })
        const path = new URL(request.url ?? '/', 'http://x').pathname
        if (path === '/text') {
          response.writeHead(201, 'Made', { 'content-type': 'application/json; charset=utf-8' })
          response.end(JSON.stringify({ message: '인증 정보 저장에 실패했습니다', echo: body }))
        } else if (path === '/binary') {
          response.writeHead(206, { 'content-type': 'video/mp4', 'content-range': 'bytes 0-511/2048' })
          response.end(BINARY)
        } else if (path === '/bad-utf8') {
          response.writeHead(200, { 'content-type': 'text/plain' })
          response.end(Buffer.from([0x61, 0xff, 0xfe, 0x62]))
        } else if (path === '/repeated') {
          response.setHeader('set-cookie', ['a=1; Path=/', 'b=2; Path=/'])
          response.setHeader('x-thing', ['one', 'two'])
          response.writeHead(204)
          response.end()
        } else if (path === '/download') {
          response.writeHead(200, {
            'content-type': 'application/pdf',
            'content-disposition': "attachment; filename*=UTF-8''%EC%88%98%EB%A3%8C%EC%A6%9D.pdf",
          })
          response.end(BINARY)
        } else if (path === '/gzip') {
          const compressed = gzipSync('압축된 본문'.repeat(50))
          response.writeHead(200, {
            'content-type': 'text/plain; charset=utf-8',
            'content-encoding': 'gzip',
            'content-length': compressed.length,
          })
          response.end(request.method === 'HEAD' ? undefined : compressed)
        } else if (path === '/never') {
          // Never answers: the proxy's timeout must end the request.
        } else {
          response.writeHead(404, { 'content-type': 'text/plain' })
          response.end('nope')
        }
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => {
    server.closeAllConnections()
    server.close()
  })

  const proxy = (args: Record<string, unknown>) => ({ command: 'proxy', args })
  const run = (calls: unknown[], timeoutSeconds = 30) =>
    runGjs<Run>('proxy-run.js', [USER_AGENT, String(timeoutSeconds), JSON.stringify(calls)])

  it('sends method, headers and body text with the wrapper user agent; answers status, headers and a text body', async () => {
    const { results } = await run([
      proxy({
        url: `${origin}/text?page=2`,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-device-id': 'device-1', 'user-agent': 'page' },
        body: '{"name":"학습자"}',
      }),
    ])
    const request = received.find((entry) => entry.url === '/text?page=2')
    expect(request).toMatchObject({ method: 'POST', body: '{"name":"학습자"}' })
    expect(request?.headers).toMatchObject({
      'content-type': 'application/json',
      'x-device-id': 'device-1',
      'user-agent': USER_AGENT,
    })
    const [result] = results
    expect(result).toMatchObject({ reply: { status: 201, statusText: 'Made', bodyEncoding: 'text' } })
    const reply = (result as { reply: ProxyReply }).reply
    expect(JSON.parse(reply.body ?? '')).toEqual({
      message: '인증 정보 저장에 실패했습니다',
      echo: '{"name":"학습자"}',
    })
    expect(reply.headers).toContainEqual(['content-type', 'application/json; charset=utf-8'])
  })

  it('answers a binary body as base64, byte for byte, and invalid UTF-8 text too', async () => {
    const { results } = await run([
      proxy({ url: `${origin}/binary`, method: 'GET', headers: { range: 'bytes=0-511' }, body: null }),
      proxy({ url: `${origin}/bad-utf8`, method: 'GET', headers: {}, body: null }),
      proxy({ url: `${origin}/download`, method: 'GET', headers: {}, body: null }),
    ])
    const [media, badText, download] = results.map((result) => (result as { reply: ProxyReply }).reply)
    expect(media).toMatchObject({ status: 206, bodyEncoding: 'base64' })
    expect(Buffer.from(media?.body ?? '', 'base64')).toEqual(BINARY)
    expect(media?.headers).toContainEqual(['content-range', 'bytes 0-511/2048'])
    expect(received.find((entry) => entry.url === '/binary')?.headers.range).toBe('bytes=0-511')
    expect(badText).toMatchObject({ bodyEncoding: 'base64' })
    expect(Buffer.from(badText?.body ?? '', 'base64')).toEqual(Buffer.from([0x61, 0xff, 0xfe, 0x62]))
    expect(Buffer.from(download?.body ?? '', 'base64')).toEqual(BINARY)
    expect(download?.headers).toContainEqual([
      'content-disposition',
      "attachment; filename*=UTF-8''%EC%88%98%EB%A3%8C%EC%A6%9D.pdf",
    ])
  })

  it('gives a compressed body decoded, without the encoding and length that described the compressed bytes', async () => {
    const { results } = await run([
      proxy({ url: `${origin}/gzip`, method: 'GET', headers: {}, body: null }),
      proxy({ url: `${origin}/gzip`, method: 'HEAD', headers: {}, body: null }),
    ])
    const [get, head] = results.map((result) => (result as { reply: ProxyReply }).reply)
    expect(get).toMatchObject({ status: 200, body: '압축된 본문'.repeat(50), bodyEncoding: 'text' })
    expect(get?.headers.map(([name]) => name)).not.toContain('content-encoding')
    expect(get?.headers.map(([name]) => name)).not.toContain('content-length')
    expect(head).toMatchObject({ status: 200, body: null })
  })

  it('keeps repeated headers as pairs and a 204 without a body', async () => {
    const { results } = await run([proxy({ url: `${origin}/repeated`, method: 'GET', headers: {}, body: null })])
    const reply = (results[0] as { reply: ProxyReply }).reply
    expect(reply).toMatchObject({ status: 204, body: null })
    expect(reply.headers.filter(([name]) => name === 'set-cookie')).toEqual([
      ['set-cookie', 'a=1; Path=/'],
      ['set-cookie', 'b=2; Path=/'],
    ])
    expect(reply.headers.filter(([name]) => name === 'x-thing').map(([, value]) => value)).toEqual(['one', 'two'])
  })

  it('rejects when the server cannot be reached or goes silent past the timeout, and refuses non-http URLs', async () => {
    const startedAt = Date.now()
    const { results } = await run(
      [
        proxy({ url: 'http://127.0.0.1:1/', method: 'GET', headers: {}, body: null }),
        proxy({ url: `${origin}/never`, method: 'GET', headers: {}, body: null }),
        proxy({ url: 'file:///etc/passwd', method: 'GET', headers: {}, body: null }),
        proxy({ url: 'not a url', method: 'GET', headers: {}, body: null }),
        { command: 'open_file', args: {} },
        { command: 'proxy', args: { url: `${origin}/text`, method: 'GET', headers: { a: 1 }, body: null } },
      ],
      1,
    )
    expect(Date.now() - startedAt).toBeLessThan(15_000)
    expect(results).toEqual([
      { error: expect.stringMatching(/^proxy: GET http:\/\/127\.0\.0\.1:1\/ failed: .*refused/i) },
      { error: expect.stringMatching(new RegExp(`^proxy: GET ${origin}/never failed: .*time`, 'i')) },
      { error: 'proxy: only http and https URLs, not file:' },
      { error: 'proxy: not a URL: not a url' },
      { error: 'unknown command: open_file' },
      { error: 'proxy: header a must be a string' },
    ])
  })

  it('logs the command, method and URL without its query, never a header or body', async () => {
    const { logged } = await run([
      proxy({
        url: `${origin}/text?access_token=secret`,
        method: 'POST',
        headers: { authorization: 'Bearer secret' },
        body: 'secret',
      }),
      { command: 'save_auth_token', args: { token: 'secret' } },
      { command: 'clear_auth_token', args: {} },
    ])
    expect(logged).toEqual([
      { command: 'proxy', method: 'POST', url: `${origin}/text` },
      { command: 'save_auth_token', key: 'auth_token' },
      { command: 'clear_auth_token', key: 'auth_token' },
    ])
    expect(JSON.stringify(logged)).not.toContain('secret')
  })
})
