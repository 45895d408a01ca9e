import { DEMO_PASSWORD, demoAccounts } from '@coursekit/mock-server'
import { createWorld } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import { messages } from '../../kernel/messages.ts'
import { APP_ORIGIN, authPage } from '../auth-test-page.ts'
import { depsOf, watch } from './page-flow-test-steps.ts'
import { createPasswordSignInFlow } from './password-sign-in-flow.ts'

const { learner, unconfirmed } = demoAccounts

describe('the password sign-in flow', () => {
  it('shows submitting, then signed in, and sends the person to the ?redirect= read at the sign-in', async () => {
    const h = authPage(await createWorld(), { url: `${APP_ORIGIN}/sign/in` })
    let returnTo = '/courses'
    const flow = createPasswordSignInFlow(depsOf(h), { returnTo: () => returnTo })
    const { seen } = watch(flow)
    returnTo = '/courses/101?tab=lessons'
    await flow.submit({ email: learner.email, password: DEMO_PASSWORD })
    expect(seen.map((snapshot) => snapshot.status)).toEqual(['submitting', 'signed-in'])
    expect(h.navigations).toEqual([{ to: '/courses/101?tab=lessons', replace: true, delayMs: 0 }])
  })

  it('a second submit while one is on its way sends nothing more', async () => {
    const h = authPage(await createWorld(), { url: `${APP_ORIGIN}/sign/in` })
    const flow = createPasswordSignInFlow(depsOf(h))
    const form = { email: learner.email, password: DEMO_PASSWORD }
    await Promise.all([flow.submit(form), flow.submit(form)])
    expect(h.requests.filter((request) => request === 'POST /auth/v1/token')).toHaveLength(1)
    expect(h.navigations.map((move) => move.to)).toEqual(['/'])
  })

  it('checks the fields before sending anything, and keeps the address it started with through a reset', async () => {
    const h = authPage(await createWorld(), { url: `${APP_ORIGIN}/sign/in` })
    const flow = createPasswordSignInFlow(depsOf(h), { suggestedEmail: learner.email })
    expect(flow.getSnapshot()).toMatchObject({ status: 'idle', suggestedEmail: learner.email })
    await flow.submit({ email: ' not-an-address ', password: '' })
    expect(flow.getSnapshot().fieldErrors).toEqual({ email: 'invalid', password: 'required' })
    flow.reset()
    expect(flow.getSnapshot()).toEqual({
      status: 'idle',
      fieldErrors: {},
      message: null,
      email: null,
      suggestedEmail: learner.email,
    })
    expect(h.requests).toEqual([])
  })

  it('wrong credentials fail with the spec message and move nothing', async () => {
    const h = authPage(await createWorld(), { url: `${APP_ORIGIN}/sign/in` })
    const flow = createPasswordSignInFlow(depsOf(h))
    await flow.submit({ email: learner.email, password: 'wrong-password' })
    expect(flow.getSnapshot()).toMatchObject({ status: 'failed', message: messages.invalidCredentials })
    expect(h.navigations).toEqual([])
  })

  it('an unconfirmed address needs verification; resend mails the confirmation again after the minute', async () => {
    const h = authPage(await createWorld(), { url: `${APP_ORIGIN}/sign/in` })
    const flow = createPasswordSignInFlow(depsOf(h))
    expect(await flow.resend()).toBe(false)
    await flow.submit({ email: unconfirmed.email, password: DEMO_PASSWORD })
    expect(flow.getSnapshot()).toMatchObject({ status: 'verification-required', email: unconfirmed.email })
    const mails = h.backend.mailbox.for(unconfirmed.email).length
    await h.advance(60_000)
    expect(await flow.resend()).toBe(true)
    expect(h.backend.mailbox.for(unconfirmed.email)).toHaveLength(mails + 1)
  })
})
