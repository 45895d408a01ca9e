import { messages } from '@coursekit/core'
import { APP_ORIGIN } from '@coursekit/core/testing'
import { DEMO_PASSWORD, demoAccounts } from '@coursekit/mock-server'
import type { World } from '@coursekit/testkit'
import { createWorld, providerOf, started } from '@coursekit/testkit/react'
import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useMailResend } from './use-mail-resend.ts'
import { usePasswordChange } from './use-password-change.ts'
import { usePasswordResetRequest } from './use-password-reset-request.ts'
import { usePasswordSignIn } from './use-password-sign-in.ts'
import { useSignUp } from './use-sign-up.ts'

const { learner } = demoAccounts

async function deviceOf(world: World, url = `${APP_ORIGIN}/`) {
  const device = world.device({ url })
  await started(device.client)
  return device
}

function mailsTo(world: World, email: string, kind: string): number {
  return world.backend.mailbox.for(email).filter((mail) => mail.kind === kind).length
}

describe('useSignUp', () => {
  it('checks every field before sending anything', async () => {
    const world = await createWorld()
    const device = await deviceOf(world)
    const hook = renderHook(() => useSignUp(), { wrapper: providerOf(device.client) })
    const submit = (email: string, password: string, passwordConfirm: string) =>
      act(() => hook.result.current.submit({ email, password, passwordConfirm }))
    await submit('', '', '')
    expect(hook.result.current.fieldErrors).toEqual({
      email: 'required',
      password: 'required',
      consents: ['terms', 'privacy', 'age14'],
    })
    act(() => hook.result.current.setConsent('privacy', true))
    expect(hook.result.current.fieldErrors.consents).toEqual(['terms', 'age14'])
    act(() => hook.result.current.setAllConsents(true))
    expect(hook.result.current).toMatchObject({ allConsented: true, fieldErrors: { email: 'required' } })
    expect(hook.result.current.fieldErrors.consents).toBeUndefined()
    await submit('not-an-address', '12345', '12345')
    expect(hook.result.current.fieldErrors).toEqual({ email: 'invalid', password: 'too-short' })
    await submit('new@coursekit.dev', 'x'.repeat(73), 'x'.repeat(73))
    expect(hook.result.current.fieldErrors).toEqual({ password: 'too-long' })
    await submit('new@coursekit.dev', 'good-pass-1', 'good-pass-2')
    expect(hook.result.current).toMatchObject({ status: 'idle', fieldErrors: { passwordConfirm: 'mismatch' } })
    act(() => hook.result.current.setConsent('age14', false))
    expect(hook.result.current.allConsented).toBe(false)
    await submit('new@coursekit.dev', 'good-pass-1', 'good-pass-1')
    expect(hook.result.current.fieldErrors).toEqual({ consents: ['age14'] })
    expect(world.requestsTo('POST', '/signup')).toEqual([])
    device.client.dispose()
  })

  it('creates the account, mails the confirmation, and sends it again on resend', async () => {
    const world = await createWorld()
    const device = await deviceOf(world)
    const hook = renderHook(
      () => {
        const signUp = useSignUp()
        return { signUp, resend: useMailResend('signup', signUp.email) }
      },
      { wrapper: providerOf(device.client) },
    )
    act(() => hook.result.current.signUp.setAllConsents(true))
    const form = new FormData()
    form.set('email', '  fresh@coursekit.dev ')
    form.set('password', 'fresh-pass-1')
    form.set('passwordConfirm', 'fresh-pass-1')
    await act(() => hook.result.current.signUp.submit(form))
    await world.idle()
    expect(hook.result.current.signUp).toMatchObject({ status: 'verification-required', email: 'fresh@coursekit.dev' })
    expect(mailsTo(world, 'fresh@coursekit.dev', 'signup')).toBe(1)
    await world.advance(60_000) // past the auth server's one confirmation mail a minute
    await act(() => hook.result.current.resend.resend())
    expect(hook.result.current.resend).toMatchObject({ status: 'sent', email: 'fresh@coursekit.dev' })
    expect(mailsTo(world, 'fresh@coursekit.dev', 'signup')).toBe(2)
    act(() => hook.result.current.signUp.reset())
    expect(hook.result.current.signUp.status).toBe('idle')
    device.client.dispose()
  })

  // GoTrue answers a confirmed address's sign-up as a new one (an obfuscated user, no mail), and so
  // does the form: nothing tells a stranger the address has an account.
  it('an address already taken shows the same check-your-e-mail answer as a new one, and makes no record', async () => {
    const world = await createWorld()
    const device = await deviceOf(world)
    const hook = renderHook(() => useSignUp(), { wrapper: providerOf(device.client) })
    act(() => hook.result.current.setAllConsents(true))
    await act(() =>
      hook.result.current.submit({ email: learner.email, password: 'other-pass-1', passwordConfirm: 'other-pass-1' }),
    )
    await world.idle()
    expect(hook.result.current).toMatchObject({ status: 'verification-required', email: learner.email })
    expect(world.requestsTo('POST', '/api/v2/users/create')).toEqual([])
    expect(world.backend.mailbox.for(learner.email)).toEqual([])
    expect(world.backend.context.users.authByEmail(learner.email)?.id).toBe(learner.id)
    device.client.dispose()
  })

  it('signing up again within the minute says how long to wait, counting down, and toasts nothing', async () => {
    const world = await createWorld()
    const device = await deviceOf(world)
    const hook = renderHook(() => useSignUp(), { wrapper: providerOf(device.client) })
    act(() => hook.result.current.setAllConsents(true))
    const form = { email: 'twice@coursekit.dev', password: 'twice-pass-1', passwordConfirm: 'twice-pass-1' }
    await act(() => hook.result.current.submit(form))
    act(() => hook.result.current.reset())
    await world.advance(10_000, 1_000)
    await act(() => hook.result.current.submit(form))
    await world.idle()
    expect(hook.result.current).toMatchObject({
      status: 'failed',
      message: '보안을 위해 메일은 50초 후에 다시 보낼 수 있습니다.',
    })
    await world.advance(1_000, 1_000)
    expect(hook.result.current.message).toBe('보안을 위해 메일은 49초 후에 다시 보낼 수 있습니다.')
    await world.advance(49_000, 1_000)
    expect(hook.result.current.message).toBeNull()
    expect(device.notices).toEqual([])
    device.client.dispose()
  })
})

describe('usePasswordResetRequest', () => {
  it('checks the address, then mails the reset link', async () => {
    const world = await createWorld()
    const device = await deviceOf(world)
    const hook = renderHook(() => usePasswordResetRequest(), { wrapper: providerOf(device.client) })
    await act(() => hook.result.current.submit({ email: 'nope' }))
    expect(hook.result.current.fieldErrors).toEqual({ email: 'invalid' })
    expect(world.requestsTo('POST', '/recover')).toEqual([])
    await act(() => hook.result.current.submit({ email: learner.email }))
    await world.idle()
    expect(hook.result.current).toMatchObject({ status: 'sent', email: learner.email, fieldErrors: {} })
    expect(mailsTo(world, learner.email, 'recovery')).toBe(1)
    device.client.dispose()
  })

  it('비밀번호 재설정 이메일 발송 실패 when the mail cannot be sent', async () => {
    const world = await createWorld()
    world.backend.faults.add({ path: '/auth/v1/recover', kind: 'status', status: 500 })
    const device = await deviceOf(world)
    const hook = renderHook(() => usePasswordResetRequest(), { wrapper: providerOf(device.client) })
    await act(() => hook.result.current.submit({ email: learner.email }))
    await world.idle()
    expect(hook.result.current).toMatchObject({ status: 'failed', message: messages.passwordResetEmailFailed })
    device.client.dispose()
  })
})

/** Requests the reset mail and follows its link, as the person's browser would: where it lands. */
async function resetLinkLanding(world: World, email: string): Promise<string> {
  const requester = await deviceOf(world)
  expect(await requester.client.auth!.requestPasswordReset(email)).toEqual({ status: 'ok' })
  requester.client.dispose()
  const mail = world.backend.mailbox.for(email).at(-1)!
  return (await world.backend.fetch(mail.link, { redirect: 'manual' })).headers.get('location')!
}

describe('usePasswordChange', () => {
  it('sets the new password from the link and sends the person to /sign/in with the spec’s toast', async () => {
    const world = await createWorld()
    // The link's PKCE verifier lives in the browser that asked, so one device asks and opens it.
    const device = await deviceOf(world)
    expect(await device.client.auth!.requestPasswordReset(learner.email)).toEqual({ status: 'ok' })
    const mail = world.backend.mailbox.for(learner.email).at(-1)!
    device.platform.setLocation((await world.backend.fetch(mail.link, { redirect: 'manual' })).headers.get('location')!)
    const hook = renderHook(() => usePasswordChange(), { wrapper: providerOf(device.client) })
    expect(hook.result.current.status).toBe('idle')
    await act(() => hook.result.current.submit({ password: 'new-pass-1', passwordConfirm: 'new-pass-2' }))
    expect(hook.result.current.fieldErrors).toEqual({ passwordConfirm: 'mismatch' })
    await act(() => hook.result.current.submit({ password: 'new-pass-1', passwordConfirm: 'new-pass-1' }))
    await world.idle()
    expect(hook.result.current.status).toBe('changed')
    expect(device.notices).toContainEqual({ kind: 'success', message: messages.passwordChanged })
    expect(device.navigations.at(-1)).toEqual({ to: '/sign/in', replace: true, delayMs: 0 })
    // The sign-in form it lands on starts with the address; the one after that starts empty again.
    const signIn = renderHook(() => usePasswordSignIn(null), { wrapper: providerOf(device.client) })
    expect(signIn.result.current.suggestedEmail).toBe(learner.email)
    signIn.unmount()
    const later = renderHook(() => usePasswordSignIn(null), { wrapper: providerOf(device.client) })
    expect(later.result.current.suggestedEmail).toBeNull()
    later.unmount()
    expect((await device.client.auth!.signInWithPassword(learner.email, DEMO_PASSWORD)).status).toBe('error')
    expect((await device.client.auth!.signInWithPassword(learner.email, 'new-pass-1')).status).toBe('signed-in')
    device.client.dispose()
  })

  it('a link used already lands with its error and says the link is no good', async () => {
    const world = await createWorld()
    const device = await deviceOf(world)
    await device.client.auth!.requestPasswordReset(learner.email)
    const mail = world.backend.mailbox.for(learner.email).at(-1)!
    await world.backend.fetch(mail.link, { redirect: 'manual' })
    const second = (await world.backend.fetch(mail.link, { redirect: 'manual' })).headers.get('location')!
    expect(second).toContain('error_code=otp_expired')
    device.platform.setLocation(second)
    const hook = renderHook(() => usePasswordChange(), { wrapper: providerOf(device.client) })
    expect(hook.result.current.status).toBe('link-invalid')
    device.client.dispose()
  })

  it('a link followed after its flow’s 5 minutes is no good, and a new one goes to the address asked before, at a press', async () => {
    const world = await createWorld()
    const device = await deviceOf(world)
    await device.client.auth!.requestPasswordReset(learner.email)
    const mail = world.backend.mailbox.for(learner.email).at(-1)!
    device.platform.setLocation((await world.backend.fetch(mail.link, { redirect: 'manual' })).headers.get('location')!)
    await world.advance(6 * 60_000)
    const hook = renderHook(() => ({ change: usePasswordChange(), resend: useMailResend('recovery') }), {
      wrapper: providerOf(device.client),
    })
    await act(() => hook.result.current.change.submit({ password: 'late-pass-1', passwordConfirm: 'late-pass-1' }))
    await world.idle()
    expect(hook.result.current.change.status).toBe('link-invalid')
    expect(hook.result.current.resend.email).toBe(learner.email)
    await act(() => hook.result.current.resend.resend())
    expect(hook.result.current.resend.status).toBe('sent')
    expect(world.backend.mailbox.for(learner.email).filter((each) => each.kind === 'recovery')).toHaveLength(2)
    device.client.dispose()
  })

  it('a link whose code was spent (the page opened again) is no good once tried', async () => {
    const world = await createWorld()
    const landing = await resetLinkLanding(world, learner.email)
    // Another browser: the code is there, but not the verifier that would exchange it.
    const device = await deviceOf(world, landing)
    const hook = renderHook(() => usePasswordChange(), { wrapper: providerOf(device.client) })
    await act(() => hook.result.current.submit({ password: 'new-pass-1', passwordConfirm: 'new-pass-1' }))
    await world.idle()
    expect(hook.result.current).toMatchObject({ status: 'link-invalid', message: messages.passwordChangeFailed })
    device.client.dispose()
  })

  it('a password the auth service refuses keeps the link usable: failed, not link-invalid', async () => {
    const world = await createWorld()
    const device = await deviceOf(world)
    await device.client.auth!.requestPasswordReset(learner.email)
    const mail = world.backend.mailbox.for(learner.email).at(-1)!
    device.platform.setLocation((await world.backend.fetch(mail.link, { redirect: 'manual' })).headers.get('location')!)
    world.backend.faults.add({ path: '/auth/v1/user', kind: 'status', status: 500 })
    const hook = renderHook(() => usePasswordChange(), { wrapper: providerOf(device.client) })
    await act(() => hook.result.current.submit({ password: 'new-pass-1', passwordConfirm: 'new-pass-1' }))
    await world.idle()
    expect(hook.result.current).toMatchObject({ status: 'failed', message: messages.passwordChangeFailed })
    device.client.dispose()
  })
})
