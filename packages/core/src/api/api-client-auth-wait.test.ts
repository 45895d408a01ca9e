import { describe, expect, it } from 'vitest'
import { createHarness } from './api-test-harness.ts'
import { useMswServer } from './msw-test-server.ts'

const server = useMswServer()

const SESSIONS = '/api/v2/session-tracker/sessions'

function track<T>(promise: Promise<T>) {
  const state: { settled: boolean; value?: T } = { settled: false }
  promise.then((value) => {
    state.settled = true
    state.value = value
  })
  return state
}

describe('auth wait (spec section 5): 50 checks of 100 ms on the client clock', () => {
  it('is still waiting at 4.9 s and gives up at 5 s with 인증이 필요합니다. / 401, sending nothing', async () => {
    const h = await createHarness(server)
    let sent = 0
    server.events.on('request:start', () => {
      sent++
    })
    h.signIn()
    h.auth.initialized = false

    const request = track(h.api.get(SESSIONS))
    await h.clock.tickAsync(4_900)
    expect(request.settled).toBe(false)
    await h.clock.tickAsync(100)
    expect(request.settled).toBe(true)
    expect(request.value).toMatchObject({
      ok: false,
      status: 401,
      error: '인증이 필요합니다.',
      code: 'AUTH_TIMEOUT',
      raw: null,
    })
    expect(sent).toBe(0)
    expect(h.clock.pendingTimers()).toBe(0)
  })

  it('goes ahead with the token as soon as auth initialises', async () => {
    const h = await createHarness(server)
    h.auth.initialized = false
    const request = track(h.api.get(SESSIONS))
    await h.clock.tickAsync(2_000)
    expect(request.settled).toBe(false)
    h.signIn()
    h.auth.initialized = true
    await h.clock.tickAsync(100)
    await untilSettled(() => request.settled)
    expect(request.value).toMatchObject({ ok: true, status: 200 })
  })

  it('does not wait for a public path', async () => {
    const h = await createHarness(server)
    h.auth.initialized = false
    const result = await h.api.get('/api/v2/courses')
    expect(result.ok).toBe(true)
    expect(h.clock.pendingTimers()).toBe(0)
  })

  it('does not keep the timer after dispose', async () => {
    const h = await createHarness(server)
    h.auth.initialized = false
    const request = h.api.get(SESSIONS)
    await h.clock.tickAsync(300)
    h.client.dispose()
    expect(await request).toMatchObject({ status: 0, code: 'CLIENT_DISPOSED' })
    expect(h.clock.pendingTimers()).toBe(0)
  })
})

/** Lets the msw round trip (real microtasks and macrotasks, no clock time) finish. */
async function untilSettled(done: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !done(); i++) await new Promise<void>((resolve) => setImmediate(resolve))
  if (!done()) throw new Error('never settled')
}
