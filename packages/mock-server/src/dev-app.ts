import { Hono } from 'hono'
import type { BackendContext } from './context.ts'
import { type FaultInjector, FaultRuleInput } from './faults.ts'
import { apiError, type BackendEnv, readBody } from './http.ts'

/**
 * Development endpoints, for tests and for people finishing flows by hand: the mailbox holds the
 * confirmation and recovery links, the SMS outbox the phone codes, faults are set over HTTP, state shows what the server believes.
 */
export function createDevApp(ctx: BackendContext, faults: FaultInjector): Hono<BackendEnv> {
  const app = new Hono<BackendEnv>()

  app.get('/mailbox', (c) => {
    const email = c.req.query('email')
    if (!email) return apiError(c, 400, 'BAD_REQUEST', 'Query parameter email is required')
    return c.json({ email, messages: ctx.mailbox.for(email) })
  })

  app.get('/sms', (c) => {
    const phone = c.req.query('phone')
    if (!phone) return apiError(c, 400, 'BAD_REQUEST', 'Query parameter phone is required')
    return c.json({ phone, messages: ctx.sms.for(phone) })
  })

  app.get('/faults', (c) => c.json({ faults: faults.list() }))
  app.post('/faults', async (c) => {
    const input = await readBody(c, FaultRuleInput)
    try {
      return c.json({ fault: faults.add(input) }, 201)
    } catch (error) {
      return apiError(c, 400, 'BAD_REQUEST', (error as Error).message)
    }
  })
  app.delete('/faults', (c) => {
    faults.clear()
    return c.json({ success: true })
  })
  app.delete('/faults/:id', (c) =>
    faults.remove(c.req.param('id'))
      ? c.json({ success: true })
      : apiError(c, 404, 'NOT_FOUND', `No fault ${c.req.param('id')}`),
  )

  app.get('/state', (c) =>
    c.json({
      now: new Date(ctx.clock.now()).toISOString(),
      deviceLimit: ctx.options.deviceLimit,
      sessionLeaseMs: ctx.options.sessionLeaseMs,
      authSessions: ctx.authSessions.snapshot(),
      devices: ctx.devices.snapshot(),
      visits: ctx.visits.snapshot(),
    }),
  )

  return app
}
