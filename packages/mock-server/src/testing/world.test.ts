import { describe, expect, it } from 'vitest'
import { DEMO_PASSWORD, demoAccounts } from '../demo-accounts.ts'
import { APP_ORIGIN, accessToken, createTestWorld, TestApiAuth } from './index.ts'

describe('the test world', () => {
  it('records each request under its device, with the time it was sent and its body', async () => {
    const world = await createTestWorld({ clockStart: Date.UTC(2026, 0, 5) })
    const laptop = world.device({ name: 'laptop' })
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
    const world = await createTestWorld()
    const first = world.device({ name: 'first tab' })
    const second = world.device({ name: 'second tab', ...first.browser })
    const other = world.device({ name: 'other device' })
    first.platform.storage.set('seen', 'yes')
    expect(second.platform.storage.get('seen')).toBe('yes')
    expect(other.platform.storage.get('seen')).toBeNull()
  })

  it('moves the clock in steps, letting what each step sent be answered', async () => {
    const world = await createTestWorld()
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
})
