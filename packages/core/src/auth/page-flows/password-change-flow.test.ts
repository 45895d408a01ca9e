import { DEMO_PASSWORD, demoAccounts } from '@coursekit/mock-server'
import { createWorld } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import { messages } from '../../kernel/messages.ts'
import { APP_ORIGIN, type AuthPage, authPage } from '../auth-test-page.ts'
import { depsOf, watch } from './page-flow-test-steps.ts'
import { createPasswordChangeFlow } from './password-change-flow.ts'

const { learner } = demoAccounts

/** Requests the reset mail and follows its link in this browser (where the link's verifier is). */
async function openResetLink(h: AuthPage): Promise<string> {
  expect(await h.auth.requestPasswordReset(learner.email)).toEqual({ status: 'ok' })
  const mail = h.backend.mailbox.for(learner.email).at(-1)!
  const landing = (await h.backend.fetch(mail.link, { redirect: 'manual' })).headers.get('location')!
  h.platform.setLocation(landing)
  return mail.link
}

describe('the password change flow', () => {
  it('sets the new password from the link, tells the address it was for, and goes to /sign/in', async () => {
    const h = authPage(await createWorld())
    await openResetLink(h)
    const offered: string[] = []
    const flow = createPasswordChangeFlow(depsOf(h), { onResetAddress: (email) => offered.push(email) })
    await flow.submit({ password: 'new-pass-1', passwordConfirm: 'new-pass-2' })
    expect(flow.getSnapshot().fieldErrors).toEqual({ passwordConfirm: 'mismatch' })
    const { seen } = watch(flow)
    await flow.submit({ password: 'new-pass-1', passwordConfirm: 'new-pass-1' })
    expect(seen.map((snapshot) => snapshot.status)).toEqual(['submitting', 'changed'])
    expect(offered).toEqual([learner.email])
    expect(h.notices).toContainEqual({ kind: 'success', message: messages.passwordChanged })
    expect(h.navigations.at(-1)).toEqual({ to: '/sign/in', replace: true, delayMs: 0 })
    expect((await h.auth.signInWithPassword(learner.email, DEMO_PASSWORD)).status).toBe('error')
    expect((await h.auth.signInWithPassword(learner.email, 'new-pass-1')).status).toBe('signed-in')
  })

  it('a link the auth service refused on the way (error_code) starts as link-invalid', async () => {
    const h = authPage(await createWorld())
    const link = await openResetLink(h)
    const second = (await h.backend.fetch(link, { redirect: 'manual' })).headers.get('location')!
    expect(second).toContain('error_code=otp_expired')
    h.platform.setLocation(second)
    expect(createPasswordChangeFlow(depsOf(h)).getSnapshot().status).toBe('link-invalid')
  })

  it("a link whose flow's 5 minutes are over is link-invalid once tried; a refused password is only failed", async () => {
    const late = authPage(await createWorld())
    await openResetLink(late)
    await late.advance(6 * 60_000)
    const lateFlow = createPasswordChangeFlow(depsOf(late))
    await lateFlow.submit({ password: 'late-pass-1', passwordConfirm: 'late-pass-1' })
    expect(lateFlow.getSnapshot()).toMatchObject({ status: 'link-invalid', message: messages.passwordChangeFailed })

    const refused = authPage(await createWorld())
    await openResetLink(refused)
    refused.backend.faults.add({ path: '/auth/v1/user', kind: 'status', status: 500 })
    const flow = createPasswordChangeFlow(depsOf(refused))
    await flow.submit({ password: 'new-pass-1', passwordConfirm: 'new-pass-1' })
    expect(flow.getSnapshot()).toMatchObject({ status: 'failed', message: messages.passwordChangeFailed })
    expect(refused.navigations.map((move) => move.to)).not.toContain('/sign/in')
  })

  it('a signed-in person changes the password and no address is offered', async () => {
    const h = authPage(await createWorld(), { url: `${APP_ORIGIN}/courses` })
    await h.auth.signInWithPassword(learner.email, DEMO_PASSWORD)
    const offered: string[] = []
    const flow = createPasswordChangeFlow(depsOf(h), { onResetAddress: (email) => offered.push(email) })
    await flow.submit({ password: 'signed-in-pass-1', passwordConfirm: 'signed-in-pass-1' })
    expect(flow.getSnapshot().status).toBe('changed')
    expect(offered).toEqual([])
  })
})
