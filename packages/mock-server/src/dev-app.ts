import { type Context, Hono } from 'hono'
import { accepts } from 'hono/accepts'
import * as z from 'zod/mini'
import { backdateMail } from './auth/backdate-mail.ts'
import type { BackendContext } from './context.ts'
import { DEV_INBOX_CSP, renderMailboxPage, renderSmsPage } from './dev-inbox-page.ts'
import { type FaultInjector, FaultRuleInput } from './faults.ts'
import { apiError, type BackendEnv, readBody } from './http.ts'
import { isoTime } from './iso-time.ts'

/** Whether the caller prefers HTML to JSON: a browser's Accept names text/html; any-type and JSON do not. */
function wantsHtml(c: Context<BackendEnv>): boolean {
  return (
    accepts(c, { header: 'Accept', supports: ['application/json', 'text/html'], default: 'application/json' }) ===
    'text/html'
  )
}

function inboxPage(c: Context<BackendEnv>, html: string): Response {
  c.header('content-security-policy', DEV_INBOX_CSP)
  c.header('cache-control', 'no-store')
  return c.html(html)
}

/** Milliseconds of silence to add to a device's last contact: up to a day. */
const BackdateInput = z.object({ ms: z.number().check(z.int(), z.gte(0), z.lte(24 * 3_600_000)) })
const MailBackdateInput = z.object({ email: z.string().check(z.minLength(1)), ms: BackdateInput.shape.ms })

/**
 * Development endpoints, for tests and for people finishing flows by hand: the mailbox holds the
 * confirmation and recovery links, the SMS outbox the phone codes, faults are set over HTTP, state shows what the server believes.
 */
export function createDevApp(ctx: BackendContext, faults: FaultInjector): Hono<BackendEnv> {
  const app = new Hono<BackendEnv>()

  // A browser (Accept: text/html first) gets a page to read and copy from; scripts the JSON.
  app.get('/mailbox', (c) => {
    const email = c.req.query('email') || null
    if (wantsHtml(c)) return inboxPage(c, renderMailboxPage(email, email === null ? [] : ctx.mailbox.for(email)))
    if (!email) return apiError(c, 400, 'BAD_REQUEST', 'Query parameter email is required')
    return c.json({ email, messages: ctx.mailbox.for(email) })
  })

  // The auth server's mail limit and flow expiry passing for one address, for a browser test whose
  // backend runs in real time (see auth/backdate-mail.ts).
  app.post('/mailbox/backdate', async (c) => {
    const { email, ms } = await readBody(c, MailBackdateInput)
    const user = backdateMail(ctx, email, ms)
    if (!user) return apiError(c, 404, 'NOT_FOUND', `No account has ${email}`)
    const at = (ms: number | null) => (ms === null ? null : isoTime(ms))
    return c.json({
      email: user.email,
      confirmationSentAt: at(user.confirmationSentAt),
      recoverySentAt: at(user.recoverySentAt),
      emailChangeSentAt: at(user.emailChangeSentAt),
    })
  })

  app.get('/sms', (c) => {
    const phone = c.req.query('phone') || null
    if (wantsHtml(c)) return inboxPage(c, renderSmsPage(phone, phone === null ? [] : ctx.sms.for(phone)))
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

  // A device's lease running out, for a browser test whose page clock jumps ahead while the server's
  // does not: the session is looked at (and expires) at its next request, as after a real silence.
  app.post('/devices/:sessionId/backdate', async (c) => {
    const { ms } = await readBody(c, BackdateInput)
    const session = ctx.devices.backdate(c.req.param('sessionId'), ms)
    if (!session) return apiError(c, 404, 'NOT_FOUND', `No live session ${c.req.param('sessionId')}`)
    return c.json({ sessionId: session.id, lastSeenAt: isoTime(session.lastSeenAt) })
  })

  // A backend restart that lost the device (its next call hears SESSION_REVOKED, reason unknown).
  app.post('/devices/:sessionId/forget', (c) => {
    const session = ctx.devices.forget(c.req.param('sessionId'))
    if (!session) return apiError(c, 404, 'NOT_FOUND', `No live session ${c.req.param('sessionId')}`)
    return c.json({ sessionId: session.id })
  })

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
