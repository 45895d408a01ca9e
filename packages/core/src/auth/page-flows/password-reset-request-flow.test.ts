import { demoAccounts } from '@coursekit/mock-server'
import { createWorld } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import { messages } from '../../kernel/messages.ts'
import { APP_ORIGIN, authPage } from '../auth-test-page.ts'
import { watch } from './page-flow-test-steps.ts'
import { createPasswordResetRequestFlow } from './password-reset-request-flow.ts'

const { learner } = demoAccounts

describe('the password reset request flow', () => {
  it('checks the address, then mails the link and says where it went', async () => {
    const h = authPage(await createWorld(), { url: `${APP_ORIGIN}/sign/reset-password` })
    const flow = createPasswordResetRequestFlow(h.auth)
    await flow.submit({ email: 'nope' })
    expect(flow.getSnapshot().fieldErrors).toEqual({ email: 'invalid' })
    expect(h.requests).toEqual([])
    const { seen } = watch(flow)
    await flow.submit({ email: ` ${learner.email}` })
    expect(seen.map((snapshot) => snapshot.status)).toEqual(['submitting', 'sent'])
    expect(flow.getSnapshot()).toEqual({ status: 'sent', fieldErrors: {}, email: learner.email, message: null })
    expect(h.backend.mailbox.for(learner.email).map((mail) => mail.kind)).toEqual(['recovery'])
    flow.reset()
    expect(flow.getSnapshot().status).toBe('idle')
  })

  it('비밀번호 재설정 이메일 발송 실패 when the mail cannot be sent', async () => {
    const h = authPage(await createWorld(), { url: `${APP_ORIGIN}/sign/reset-password` })
    h.backend.faults.add({ path: '/auth/v1/recover', kind: 'status', status: 500 })
    const flow = createPasswordResetRequestFlow(h.auth)
    await flow.submit({ email: learner.email })
    expect(flow.getSnapshot()).toMatchObject({ status: 'failed', message: messages.passwordResetEmailFailed })
  })

  it('a second request within the minute counts its wait down on the clock, and a new submit ends the wait', async () => {
    const h = authPage(await createWorld(), { url: `${APP_ORIGIN}/sign/reset-password` })
    const flow = createPasswordResetRequestFlow(h.auth)
    const page = watch(flow)
    await flow.submit({ email: learner.email })
    await h.advance(30_000, 1_000)
    await flow.submit({ email: learner.email })
    expect(flow.getSnapshot()).toMatchObject({
      status: 'failed',
      message: '보안을 위해 메일은 30초 후에 다시 보낼 수 있습니다.',
    })
    await h.advance(2_000, 1_000)
    expect(flow.getSnapshot().message).toBe('보안을 위해 메일은 28초 후에 다시 보낼 수 있습니다.')
    await flow.submit({ email: 'other' })
    expect(flow.getSnapshot()).toMatchObject({ status: 'idle', message: null, fieldErrors: { email: 'invalid' } })
    const seen = page.seen.length
    await h.advance(5_000, 1_000)
    expect(page.seen).toHaveLength(seen)
    page.stop()
  })
})
