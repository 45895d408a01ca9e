import { DEMO_PASSWORD, demoAccounts } from '@coursekit/mock-server'
import { createWorld } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import { authPage, HOUR, MINUTE } from '../auth-test-page.ts'

const { learner } = demoAccounts

describe('a refresh while the token endpoint is down', () => {
  it('retries at simulated times, 200 ms doubling within 30 s, then 30 s later; the session survives a 2-minute outage', async () => {
    const world = await createWorld()
    /** When each refresh request went out, on the simulated clock. */
    const sent: number[] = []
    const h = authPage(world, {
      wrapFetch: (fetch) => (input, init) => {
        const url = input instanceof Request ? input.url : String(input)
        if (url.includes('grant_type=refresh_token')) sent.push(world.clock.now())
        return fetch(input, init)
      },
    })
    await h.auth.start()
    expect((await h.auth.signInWithPassword(learner.email, DEMO_PASSWORD)).status).toBe('signed-in')
    const expiry = h.auth.store.getState().expiry!

    // Down from 11 to 9 minutes before the expiry; the timer fires 10 minutes before it.
    await h.advance(49 * MINUTE)
    const outage = world.backend.faults.add({ method: 'POST', path: '/auth/v1/token', kind: 'status', status: 503 })
    world.clock.setTimeout(() => world.backend.faults.remove(outage.id), 2 * MINUTE)
    await h.advance(20 * MINUTE, 100)

    const timer = expiry - 10 * MINUTE
    expect(sent.map((at) => at - timer)).toEqual([
      // supabase-js's back-off (spec section 9): 200 ms doubling while under its 30 s tick.
      0, 200, 600, 1_400, 3_000, 6_200, 12_600, 25_400,
      // The timer's next try 30 s after that, and its back-off, until the endpoint is back.
      55_400, 55_600, 56_000, 56_800, 58_400, 61_600,
    ])
    expect(h.authEvents.map((event) => event.type)).not.toContain('sessionExpired')
    // The token of the last try: an hour from then, in the whole seconds of exp.
    const exp = Math.floor((timer + 61_600 + HOUR) / 1000) * 1000
    expect(h.auth.store.getState()).toMatchObject({ status: 'authenticated', expiry: exp })
    expect((await h.client.api.currentUser()).ok).toBe(true)
  })
})
