import { demoAccounts } from '@coursekit/mock-server'
import { accessToken, createWorld } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import { createCourseClient } from './client.ts'
import type { FetchLike } from './kernel/ports.ts'
import { desktopPlatform } from './platform/desktop-platform.ts'
import type { Invoke, ProxyRequest } from './platform/desktop-proxy.ts'
import { memoryPlatform } from './platform/memory-platform.ts'
import { createSimulatedClock } from './testing/index.ts'

describe('createCourseClient', () => {
  it('talks to an in-process backend through an injected fetch (no sockets, no msw)', async () => {
    const { clock, backend } = await createWorld()
    const client = createCourseClient({
      apiBaseUrl: backend.url,
      platform: memoryPlatform(),
      clock,
      fetch: backend.fetch,
    })
    const result = await client.api.call('health')
    expect(result).toMatchObject({ ok: true, data: { status: 'ok' } })
  })

  it('exposes its configuration, platform and clock', () => {
    const platform = memoryPlatform()
    const clock = createSimulatedClock()
    const client = createCourseClient({
      apiBaseUrl: 'https://api.coursekit.test',
      supabaseUrl: 'https://auth.coursekit.test',
      supabaseAnonKey: 'anon',
      platform,
      clock,
    })
    expect(client.config).toEqual({
      apiBaseUrl: 'https://api.coursekit.test',
      supabaseUrl: 'https://auth.coursekit.test',
      supabaseAnonKey: 'anon',
      supabase: null,
    })
    expect(client.platform).toBe(platform)
    expect(client.clock).toBe(clock)
    expect(Object.isFrozen(client.config)).toBe(true)
  })

  it('rejects an apiBaseUrl that is not absolute, at creation', () => {
    expect(() => createCourseClient({ apiBaseUrl: '/api', platform: memoryPlatform() })).toThrow(/absolute URL/)
  })

  it('goes idle -> started -> disposed; start and dispose are idempotent; no start after dispose', () => {
    const client = createCourseClient({ apiBaseUrl: 'https://api.test', platform: memoryPlatform() })
    expect(client.status).toBe('idle')
    client.start()
    client.start()
    expect(client.status).toBe('started')
    client.dispose()
    client.dispose()
    expect(client.status).toBe('disposed')
    client.start()
    expect(client.status).toBe('disposed')
  })

  it('moves the platform navigator for navigate events, after their delay on the client clock', () => {
    const platform = memoryPlatform()
    const clock = createSimulatedClock()
    const client = createCourseClient({ apiBaseUrl: 'https://api.test', platform, clock })
    client.events.emit('navigate', { to: '/sign/in', replace: false, delayMs: 0 })
    client.events.emit('navigate', { to: '/', replace: true, delayMs: 100 })
    expect(platform.navigations.map((n) => n.to)).toEqual(['/sign/in'])
    clock.tick(99)
    expect(platform.navigations).toHaveLength(1)
    clock.tick(1)
    expect(platform.navigations.at(-1)).toMatchObject({ to: '/', replace: true })
  })

  it('cancels pending navigations and drops listeners on dispose', () => {
    const platform = memoryPlatform()
    const clock = createSimulatedClock()
    const client = createCourseClient({ apiBaseUrl: 'https://api.test', platform, clock })
    let heard = 0
    client.events.on('notice', () => heard++)
    client.events.emit('navigate', { to: '/', replace: false, delayMs: 1_000 })
    client.dispose()
    expect(clock.pendingTimers()).toBe(0)
    clock.tick(5_000)
    client.events.emit('notice', { kind: 'info', message: 'x' })
    expect(platform.navigations).toEqual([])
    expect(heard).toBe(0)
  })

  it('without an auth source, uses the platform token store: bearer from it, cleared when the server rejects it', async () => {
    const { clock, backend } = await createWorld()
    const token = await accessToken(backend, demoAccounts.learner)
    const platform = memoryPlatform()
    await platform.tokenStore.set(token)
    const seen: (string | null)[] = []
    const fetch: FetchLike = (input, init) => {
      seen.push(new Headers(init?.headers).get('authorization'))
      return backend.fetch(input, init)
    }
    const client = createCourseClient({ apiBaseUrl: backend.url, platform, clock, fetch })
    const notices: string[] = []
    client.events.on('notice', (notice) => notices.push(notice.message))

    const user = await client.api.currentUser()
    expect(user.ok && user.data.id).toBe(demoAccounts.learner.id)
    expect(seen).toEqual([`Bearer ${token}`])

    await clock.tickAsync(3_601_000) // the token expires on the shared clock
    const expired = await client.api.get('/api/v2/session-tracker/sessions')
    expect(expired).toMatchObject({ status: 401, code: 'SESSION_EXPIRED' })
    expect(await platform.tokenStore.get()).toBeNull()
    expect(notices).toEqual(['세션이 만료되었습니다. 다시 로그인해주세요.'])
    expect(platform.navigations.map((n) => n.to)).toEqual(['/sign/in'])
  })

  it('leaves the User-Agent header to a platform that sends its own', async () => {
    const { clock, backend } = await createWorld()
    const seen: (string | null)[] = []
    const fetch: FetchLike = (input, init) => {
      seen.push(new Headers(init?.headers).get('user-agent'))
      return backend.fetch(input, init)
    }
    const browserLike = { ...memoryPlatform(), sendsUserAgentHeader: false }
    await createCourseClient({ apiBaseUrl: backend.url, platform: browserLike, clock, fetch }).api.get('/api/ping')
    await createCourseClient({ apiBaseUrl: backend.url, platform: memoryPlatform(), clock, fetch }).api.get('/api/ping')
    expect(seen).toEqual([null, 'coursekit-memory-platform'])
  })

  it('runs many clients side by side with nothing shared', async () => {
    const { clock, backend } = await createWorld()
    const token = await accessToken(backend, demoAccounts.learner)
    const clients = Array.from({ length: 20 }, (_, i) => {
      const platform = memoryPlatform({ userAgent: `device-${i}` })
      return {
        platform,
        client: createCourseClient({ apiBaseUrl: backend.url, platform, clock, fetch: backend.fetch }),
      }
    })
    await clients[0]!.platform.tokenStore.set(token)
    const results = await Promise.all(clients.map(({ client }) => client.api.get('/api/v2/session-tracker/sessions')))
    expect(results[0]!.ok).toBe(true)
    expect(results.slice(1).every((result) => result.status === 401)).toBe(true)
    clients[1]!.client.dispose()
    expect((await clients[2]!.client.api.get('/api/ping')).ok).toBe(true)
  })

  it('works in the desktop wrapper: requests through invoke("proxy"), the token from get_auth_token', async () => {
    const { clock, backend } = await createWorld()
    const token = await accessToken(backend, demoAccounts.learner)
    const commands: string[] = []
    const invoke: Invoke = async (command, args) => {
      commands.push(command)
      if (command === 'get_auth_token') return token
      if (command !== 'proxy') throw new Error(`unexpected ${command}`)
      const request = args as unknown as ProxyRequest
      const response = await backend.fetch(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
      })
      return {
        status: response.status,
        statusText: response.statusText,
        headers: [...response.headers],
        body: await response.text(),
      }
    }
    const client = createCourseClient({
      apiBaseUrl: backend.url,
      platform: desktopPlatform({ invoke, base: memoryPlatform() }),
      clock,
    })
    const user = await client.api.currentUser()
    expect(user.ok && user.data.email).toBe(demoAccounts.learner.email)
    expect(commands).toEqual(['get_auth_token', 'get_auth_token', 'proxy'])

    backend.faults.add({ path: '/api/ping', kind: 'drop' })
    expect(await client.api.get('/api/ping')).toMatchObject({ ok: false, status: 0, code: 'NETWORK_ERROR' })
  })
})
