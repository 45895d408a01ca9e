import { APP_ORIGIN, createWorld, type DeviceOptions, type HandAuthDevice } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import { useMswServer } from './msw-test-server.ts'

const server = useMswServer()

/** A page at /courses of a world reached through msw, its API auth set by hand. */
async function page(options: DeviceOptions = {}): Promise<HandAuthDevice> {
  const world = await createWorld({ msw: server })
  return world.device('page', { url: `${APP_ORIGIN}/courses`, ...options, handAuth: true })
}

const SESSIONS = '/api/v2/session-tracker/sessions'

function track<T>(promise: Promise<T>) {
  const state: { settled: boolean; value?: T } = { settled: false }
  promise.then((value) => {
    state.settled = true
    state.value = value
  })
  return state
}

describe("auth wait (spec section 5): up to 5 s on the client clock, on auth's signal, not by checking", () => {
  it('is still waiting at 4.9 s and gives up at 5 s with 인증이 필요합니다. / 401, sending nothing', async () => {
    const h = await page()
    let sent = 0
    server.events.on('request:start', () => {
      sent++
    })
    await h.signInByHand()
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
    const h = await page()
    h.auth.initialized = false
    const request = track(h.api.get(SESSIONS))
    await h.clock.tickAsync(2_000)
    expect(request.settled).toBe(false)
    await h.signInByHand()
    h.auth.initialized = true
    await h.clock.tickAsync(100)
    await untilSettled(() => request.settled)
    expect(request.value).toMatchObject({ ok: true, status: 200 })
  })

  it('sends a request in the same turn auth initialises, with no clock time passing, and keeps no timer', async () => {
    const h = await page()
    const sent: string[] = []
    server.events.on('request:start', ({ request }) => {
      sent.push(request.headers.get('authorization') ?? 'no bearer')
    })
    h.auth.initialized = false
    const request = track(h.api.get(SESSIONS))
    await h.clock.tickAsync(1_234)
    expect(sent).toEqual([])
    await h.signInByHand()
    h.auth.initialized = true
    // No clock time: a wait that checked every 100 ms would still be asleep here.
    await untilSettled(() => request.settled)
    expect(sent).toEqual([`Bearer ${h.auth.token}`])
    expect(request.value).toMatchObject({ ok: true, status: 200 })
    expect(h.clock.pendingTimers()).toBe(0)
  })

  it('sends a public read at once while auth is still initialising, without a bearer', async () => {
    const h = await page()
    const sent: string[] = []
    server.events.on('request:start', ({ request }) => {
      sent.push(request.headers.get('authorization') ?? 'no bearer')
    })
    await h.signInByHand()
    h.auth.initialized = false
    const result = track(h.api.get('/api/v2/courses'))
    await untilSettled(() => result.settled)
    expect(sent).toEqual(['no bearer'])
    expect(result.value).toMatchObject({ ok: true })
    expect(h.clock.pendingTimers()).toBe(0)
  })

  it('does not keep the timer after dispose', async () => {
    const h = await page()
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
