import { messages } from '@coursekit/core'
import { DEMO_PASSWORD, demoAccounts, LEGACY_PASSWORD, legacyAccount } from '@coursekit/mock-server'
import type { World } from '@coursekit/testkit'
import { createWorld, providerOf, started } from '@coursekit/testkit/react'
import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { usePasswordSignIn } from './use-password-sign-in.ts'

const { learner, incomplete, unconfirmed, inactive } = demoAccounts

async function setUp(returnTo: string | null) {
  const world = await createWorld()
  const device = world.device()
  await started(device.client)
  const hook = renderHook(() => usePasswordSignIn(returnTo), { wrapper: providerOf(device.client) })
  const submit = async (email: string, password: string) => {
    await act(() => hook.result.current.submit({ email, password }))
    await world.idle()
  }
  return { world, device, hook, submit }
}

function mailsTo(world: World, email: string): number {
  return world.backend.mailbox.for(email).length
}

describe('usePasswordSignIn', () => {
  it('signs in and sends the person back to the safe ?redirect= target', async () => {
    const { device, hook, submit } = await setUp('/courses/101?tab=lessons')
    await submit(learner.email, DEMO_PASSWORD)
    expect(hook.result.current.status).toBe('signed-in')
    expect(device.navigations).toEqual([{ to: '/courses/101?tab=lessons', replace: true, delayMs: 0 }])
    device.client.dispose()
  })

  it.each([
    ['https://evil.example/steal', '/'],
    ['//evil.example', '/'],
    ['/sign/up', '/'],
    [null, '/'],
  ])('a redirect of %j lands on %j', async (returnTo, landing) => {
    const { device, submit } = await setUp(returnTo)
    await submit(learner.email, DEMO_PASSWORD)
    expect(device.navigations.map((move) => move.to)).toEqual([landing])
    device.client.dispose()
  })

  it('leaves the move to the client when it sends an incomplete profile to its completion page', async () => {
    const { device, hook, submit } = await setUp('/courses')
    await submit(incomplete.email, DEMO_PASSWORD)
    expect(hook.result.current.status).toBe('signed-in')
    expect(device.navigations.map((move) => move.to)).toEqual([
      `/sign/complete/${incomplete.id}/${encodeURIComponent(incomplete.email)}`,
    ])
    device.client.dispose()
  })

  it('checks the fields before sending anything', async () => {
    const { world, device, hook, submit } = await setUp(null)
    await submit('', '')
    expect(hook.result.current.fieldErrors).toEqual({ email: 'required', password: 'required' })
    await submit('not-an-address', 'x')
    expect(hook.result.current).toMatchObject({ status: 'idle', fieldErrors: { email: 'invalid' } })
    expect(world.requestsTo('POST', '/token')).toEqual([])
    device.client.dispose()
  })

  it("takes a form's fields and trims the address", async () => {
    const { world, device, hook } = await setUp(null)
    const form = new FormData()
    form.set('email', `  ${learner.email} `)
    form.set('password', DEMO_PASSWORD)
    await act(() => hook.result.current.submit(form))
    await world.idle()
    expect(hook.result.current.status).toBe('signed-in')
    device.client.dispose()
  })

  it.each([
    ['wrong credentials', learner.email, 'wrong-password', messages.invalidCredentials],
    ['a status 0 account', inactive.email, DEMO_PASSWORD, messages.accountNotActivated],
  ])('%s: failed with the spec message', async (_, email, password, message) => {
    const { device, hook, submit } = await setUp(null)
    await submit(email, password)
    expect(hook.result.current).toMatchObject({ status: 'failed', message })
    expect(device.navigations).toEqual([])
    device.client.dispose()
  })

  it('an unconfirmed e-mail needs verification; resend sends the confirmation again', async () => {
    const { world, device, hook, submit } = await setUp(null)
    await submit(unconfirmed.email, DEMO_PASSWORD)
    expect(hook.result.current).toMatchObject({ status: 'verification-required', email: unconfirmed.email })
    const before = mailsTo(world, unconfirmed.email)
    await world.advance(60_000) // past the auth server's one confirmation mail a minute
    let sent = false
    await act(async () => {
      sent = await hook.result.current.resend()
    })
    expect(sent).toBe(true)
    expect(mailsTo(world, unconfirmed.email)).toBe(before + 1)
    act(() => hook.result.current.reset())
    expect(hook.result.current.status).toBe('idle')
    device.client.dispose()
  })

  it("an old platform's password moves the account here and needs verification", async () => {
    const { device, hook, submit } = await setUp(null)
    await submit(legacyAccount.email, LEGACY_PASSWORD)
    expect(hook.result.current).toMatchObject({ status: 'verification-required', email: legacyAccount.email })
    device.client.dispose()
  })
})
