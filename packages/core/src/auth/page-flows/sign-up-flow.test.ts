import { demoAccounts } from '@coursekit/mock-server'
import { createWorld } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import { APP_ORIGIN, authPage } from '../auth-test-page.ts'
import { watch } from './page-flow-test-steps.ts'
import { createSignUpFlow } from './sign-up-flow.ts'

const form = { email: 'twice@coursekit.dev', password: 'twice-pass-1', passwordConfirm: 'twice-pass-1' }

describe('the sign-up flow', () => {
  it('checks the fields and the consents before sending anything; ticking one clears it from the error', async () => {
    const h = authPage(await createWorld(), { url: `${APP_ORIGIN}/sign/up` })
    const flow = createSignUpFlow(h.auth)
    await flow.submit({ email: '', password: 'short', passwordConfirm: 'other' })
    expect(flow.getSnapshot().fieldErrors).toEqual({
      email: 'required',
      password: 'too-short',
      passwordConfirm: 'mismatch',
      consents: ['terms', 'privacy', 'age14'],
    })
    flow.setConsent('terms', true)
    expect(flow.getSnapshot()).toMatchObject({
      consents: { terms: true, privacy: false, age14: false },
      allConsented: false,
      fieldErrors: { consents: ['privacy', 'age14'] },
    })
    flow.setAllConsents(true)
    expect(flow.getSnapshot().allConsented).toBe(true)
    expect(flow.getSnapshot().fieldErrors.consents).toBeUndefined()
    expect(h.requests).toEqual([])
  })

  it('creates the account and ends on the check-your-e-mail step; a reset keeps the consents', async () => {
    const h = authPage(await createWorld(), { url: `${APP_ORIGIN}/sign/up` })
    const flow = createSignUpFlow(h.auth)
    flow.setAllConsents(true)
    const { seen } = watch(flow)
    await flow.submit({ ...form, email: '  fresh@coursekit.dev ' })
    expect(seen.map((snapshot) => snapshot.status)).toEqual(['submitting', 'verification-required'])
    expect(flow.getSnapshot().email).toBe('fresh@coursekit.dev')
    expect(h.backend.mailbox.for('fresh@coursekit.dev').map((mail) => mail.kind)).toEqual(['signup'])
    flow.reset()
    expect(flow.getSnapshot()).toMatchObject({ status: 'idle', email: null, allConsented: true })
  })

  it('a sign-up within the minute counts its wait down each second on the clock while listened, then clears it', async () => {
    const h = authPage(await createWorld(), { url: `${APP_ORIGIN}/sign/up` })
    const flow = createSignUpFlow(h.auth)
    flow.setAllConsents(true)
    await flow.submit(form)
    await h.advance(10_000, 1_000)
    const timers = h.clock.pendingTimers()
    await flow.submit(form)
    expect(flow.getSnapshot()).toMatchObject({
      status: 'failed',
      message: '보안을 위해 메일은 50초 후에 다시 보낼 수 있습니다.',
    })
    // Nobody listens: no timer runs for it.
    expect(h.clock.pendingTimers()).toBe(timers)
    const page = watch(flow)
    await h.advance(1_000, 1_000)
    expect(flow.getSnapshot().message).toBe('보안을 위해 메일은 49초 후에 다시 보낼 수 있습니다.')
    page.stop()
    await h.advance(9_000, 1_000)
    expect(flow.getSnapshot().message).toBe('보안을 위해 메일은 49초 후에 다시 보낼 수 있습니다.')
    // A page listening again reads the wait as it is now.
    const again = watch(flow)
    expect(flow.getSnapshot().message).toBe('보안을 위해 메일은 40초 후에 다시 보낼 수 있습니다.')
    await h.advance(40_000, 1_000)
    expect(flow.getSnapshot().message).toBeNull()
    again.stop()
    expect(h.notices).toEqual([])
  })

  it('an address already taken answers like a new one', async () => {
    const h = authPage(await createWorld(), { url: `${APP_ORIGIN}/sign/up` })
    const flow = createSignUpFlow(h.auth)
    flow.setAllConsents(true)
    await flow.submit({ ...form, email: demoAccounts.learner.email })
    expect(flow.getSnapshot()).toMatchObject({ status: 'verification-required', email: demoAccounts.learner.email })
    expect(h.backend.mailbox.for(demoAccounts.learner.email)).toEqual([])
  })
})
