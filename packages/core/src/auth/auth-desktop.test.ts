import { DEMO_PASSWORD, demoAccounts } from '@coursekit/mock-server'
import { createTestWorld, type TestWorld } from '@coursekit/mock-server/testing'
import { describe, expect, it } from 'vitest'
import { desktopPlatform } from '../platform/desktop-platform.ts'
import type { ProxyRequest } from '../platform/desktop-proxy.ts'
import { createAuthHarness } from './auth-test-harness.ts'

/** The desktop wrapper's native side: a keychain for the token and the proxy to the backend. */
function nativeSide() {
  const native = { token: null as string | null, failSave: false, commands: [] as string[] }
  const harness = (world: TestWorld, storage: Record<string, string> = {}) =>
    createAuthHarness({
      world,
      storage,
      client: { fetch: undefined }, // the platform's transport: the native proxy
      platformFor: (memory) =>
        desktopPlatform({
          base: memory,
          invoke: async (command, args) => {
            native.commands.push(command)
            if (command === 'get_auth_token') return native.token
            if (command === 'save_auth_token') {
              if (native.failSave) throw new Error('keychain locked')
              native.token = (args as { token: string }).token
              return null
            }
            if (command === 'clear_auth_token') {
              native.token = null
              return null
            }
            const request = args as unknown as ProxyRequest
            const answer = await memory.fetch(request.url, {
              method: request.method,
              headers: request.headers,
              body: request.body,
            })
            return {
              status: answer.status,
              statusText: answer.statusText,
              headers: [...answer.headers],
              body: await answer.text(),
            }
          },
        }),
    })
  return { native, harness }
}

describe('auth in the desktop wrapper', () => {
  it('keeps the token through the native commands, sends auth calls through the proxy, and clears it at logout', async () => {
    const world = await createTestWorld()
    const { native, harness } = nativeSide()
    const h = await harness(world)
    await h.auth.signInWithPassword(demoAccounts.learner.email, DEMO_PASSWORD)
    const token = h.auth.store.getState().token
    expect(native.token).toBe(token)
    expect(h.platform.storage.get('auth_token')).toBeNull()
    expect(h.platform.cookieJar.has('auth_token')).toBe(false)
    expect(native.commands.filter((command) => command === 'proxy').length).toBe(h.requests.length)
    expect(h.requests).toContain('POST /auth/v1/token')

    h.client.dispose()
    const next = await harness(world, h.platform.storage.entries())
    await next.auth.start()
    expect(next.auth.store.getState()).toMatchObject({ status: 'authenticated', token })
    expect(native.commands).toContain('get_auth_token')

    await next.auth.logout()
    expect(native.token).toBeNull()
    expect(native.commands.at(-1)).toBe('clear_auth_token')
  })

  it('인증 정보 저장에 실패했습니다 when the native side cannot save the token; signed in for this page', async () => {
    const { native, harness } = nativeSide()
    native.failSave = true
    const h = await harness(await createTestWorld())
    const result = await h.auth.signInWithPassword(demoAccounts.learner.email, DEMO_PASSWORD)
    expect(result.status).toBe('signed-in')
    expect(h.notices).toEqual([{ kind: 'error', message: '인증 정보 저장에 실패했습니다' }])
    expect((await h.client.api.currentUser()).ok).toBe(true)
  })
})
