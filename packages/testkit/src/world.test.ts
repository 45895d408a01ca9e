import { DEMO_PASSWORD, demoAccounts } from '@coursekit/mock-server'
import { HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { APP_ORIGIN, accessToken, createWorld, TestApiAuth } from './index.ts'

describe('the test world', () => {
  it('records each request under its device, with the time it was sent and its body', async () => {
    const world = await createWorld({ clockStart: Date.UTC(2026, 0, 5) })
    const laptop = world.device('laptop')
    expect(laptop.platform.location.current().href).toBe(`${APP_ORIGIN}/`)
    await laptop.signIn(demoAccounts.learner.email, DEMO_PASSWORD)

    expect(world.inFlight()).toBe(0)
    expect(world.requestsTo('POST', '/auth/v1/token')).toEqual([
      {
        device: 'laptop',
        method: 'POST',
        path: '/auth/v1/token',
        at: Date.UTC(2026, 0, 5),
        contentType: expect.stringContaining('application/json'),
        body: expect.objectContaining({ email: demoAccounts.learner.email }),
      },
    ])
    expect(world.backend.context.devices.list(demoAccounts.learner.id)).toHaveLength(1)
  })

  it('gives a tab its browser’s storage and another device its own', async () => {
    const world = await createWorld()
    const first = world.device('first tab')
    const second = world.device('second tab', { ...first.browser })
    const other = world.device('other device')
    first.platform.storage.set('seen', 'yes')
    expect(second.platform.storage.get('seen')).toBe('yes')
    expect(other.platform.storage.get('seen')).toBeNull()
  })

  it('moves the clock in steps, letting what each step sent be answered', async () => {
    const world = await createWorld()
    const token = await accessToken(world.backend, demoAccounts.learner)
    const device = world.device({ client: { apiAuth: new TestApiAuth(token, demoAccounts.learner.id) } })
    const start = world.clock.now()
    const sent: number[] = []
    const poll = () =>
      world.clock.setTimeout(async () => {
        const answer = await device.client.api.get(`/api/users/${demoAccounts.learner.id}`)
        if (answer.ok) sent.push(world.clock.now() - start)
        poll()
      }, 60_000)
    poll()
    await world.advance(3 * 60_000, 60_000)
    expect(sent).toEqual([60_000, 120_000, 180_000])
  })

  it('gives each device the world’s clock and backend, and names it by its first argument', async () => {
    const world = await createWorld()
    const phone = world.device('phone', { userAgent: 'coursekit-test' })
    expect(phone.name).toBe('phone')
    expect(phone.clock).toBe(world.clock)
    expect(phone.backend).toBe(world.backend)
    expect(phone.platform.userAgent()).toBe('coursekit-test')
    await phone.client.api.get('/api/v2/courses')
    expect(world.requests.map((r) => `${r.device} ${r.method} ${r.path}`)).toEqual(['phone GET /api/v2/courses'])
  })

  it('signs a hand-driven device in with a token the backend accepts, and out by clearing it', async () => {
    const world = await createWorld()
    const page = world.device('page', { handAuth: true })
    expect(page.client.auth).toBeNull()
    const path = `/api/users/${demoAccounts.learner.id}`
    expect(await page.api.get(path)).toMatchObject({ ok: false, status: 401 })

    expect(page.token).toBeNull()
    const token = await page.signInByHand()
    expect(page.token).toBe(token)
    expect(page.auth.token).toBe(token)
    expect(page.auth.userId).toBe(demoAccounts.learner.id)
    expect(await page.api.get(path)).toMatchObject({ ok: true })
  })

  it('runs due work until a condition holds, and says so when it never does', async () => {
    const world = await createWorld()
    let fired = false
    world.clock.setTimeout(() => {
      fired = true
    }, 0)
    await world.until(() => fired)
    expect(fired).toBe(true)
    await expect(world.until(() => false)).rejects.toThrow('the awaited condition never held')
  })
})

describe('a world reached through msw', () => {
  const server = setupServer()
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  afterAll(() => server.close())

  it('answers a device from the backend’s handlers on the server, over the global fetch', async () => {
    const world = await createWorld({ msw: server })
    const seen: string[] = []
    server.events.on('request:start', ({ request }) => seen.push(`${request.method} ${new URL(request.url).pathname}`))
    const page = world.device('page')
    expect(await page.client.api.get('/api/v2/courses')).toMatchObject({ ok: true })
    server.use(
      http.get(`${world.backend.url}/api/v2/notices`, () => HttpResponse.json({ error: 'down' }, { status: 503 })),
    )
    expect(await page.client.api.get('/api/v2/notices')).toMatchObject({ ok: false, status: 503 })
    expect(seen).toEqual(['GET /api/v2/courses', 'GET /api/v2/notices'])
    expect(world.requests).toEqual([])
  })
})
