import { createWorld } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import { APP_ORIGIN, allConsents, authPage } from '../auth-test-page.ts'
import { createMailResendFlow } from './mail-resend-flow.ts'
import { watch } from './page-flow-test-steps.ts'

const email = 'fresh@coursekit.dev'

describe('the mail resend flow', () => {
  it('resends to the address this browser asked for; a 429 counts down on the clock while listened, then it sends', async () => {
    const h = authPage(await createWorld(), { url: `${APP_ORIGIN}/auth/callback` })
    await h.auth.signUp({ email, password: 'fresh-pass-1', consents: allConsents })
    const flow = createMailResendFlow(h.auth, 'signup')
    expect(flow.getSnapshot()).toEqual({ email, status: 'idle', secondsLeft: 0, message: null })
    const page = watch(flow)
    await flow.resend()
    expect(flow.getSnapshot()).toMatchObject({ status: 'idle', secondsLeft: 60, message: null })
    await h.advance(1_000, 1_000)
    expect(flow.getSnapshot().secondsLeft).toBe(59)
    await flow.resend()
    expect(h.requests.filter((request) => request === 'POST /auth/v1/resend')).toHaveLength(1)
    page.stop()
    const timers = h.clock.pendingTimers()
    await h.advance(29_000, 1_000)
    expect(h.clock.pendingTimers()).toBe(timers)
    const again = watch(flow)
    expect(flow.getSnapshot().secondsLeft).toBe(30)
    await h.advance(30_000, 1_000)
    expect(flow.getSnapshot().secondsLeft).toBe(0)
    await flow.resend()
    expect(flow.getSnapshot().status).toBe('sent')
    expect(h.backend.mailbox.for(email).filter((mail) => mail.kind === 'signup')).toHaveLength(2)
    again.stop()
  })

  it('the address given goes first; without one, nor one remembered, nothing is sent', async () => {
    const h = authPage(await createWorld(), { url: `${APP_ORIGIN}/sign/reset-password/confirm` })
    const nowhere = createMailResendFlow(h.auth, 'recovery')
    await nowhere.resend()
    expect(nowhere.getSnapshot()).toMatchObject({ email: null, status: 'idle' })
    expect(h.requests).toEqual([])
    const given = createMailResendFlow(h.auth, 'recovery', 'given@coursekit.dev')
    expect(given.getSnapshot().email).toBe('given@coursekit.dev')
  })
})
