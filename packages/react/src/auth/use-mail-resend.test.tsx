import { APP_ORIGIN } from '@coursekit/core/testing'
import { createWorld, providerOf, started } from '@coursekit/testkit/react'
import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useMailResend } from './use-mail-resend.ts'

const email = 'fresh@coursekit.dev'
const consents = { terms: true, privacy: true, age14: true }

describe('useMailResend', () => {
  it('resends to the address this browser asked the confirmation for; a 429 counts down on the clock, then it sends', async () => {
    const world = await createWorld()
    const device = world.device({ url: `${APP_ORIGIN}/auth/callback` })
    await started(device.client)
    await act(() => device.client.auth!.signUp({ email, password: 'fresh-pass-1', consents }))
    const hook = renderHook(() => useMailResend('signup'), { wrapper: providerOf(device.client) })
    expect(hook.result.current).toMatchObject({ email, status: 'idle', secondsLeft: 0 })

    // The mock's own limit (GoTrue's): one confirmation a minute, so at once it is "after 60 seconds".
    await act(() => hook.result.current.resend())
    expect(hook.result.current).toMatchObject({ status: 'idle', secondsLeft: 60, message: null })
    expect(world.requestsTo('POST', '/auth/v1/resend')).toHaveLength(1)
    await world.advance(1_000, 1_000)
    expect(hook.result.current.secondsLeft).toBe(59)
    await act(() => hook.result.current.resend())
    expect(world.requestsTo('POST', '/auth/v1/resend')).toHaveLength(1)
    await world.advance(59_000, 1_000)
    expect(hook.result.current.secondsLeft).toBe(0)

    await act(() => hook.result.current.resend())
    expect(hook.result.current.status).toBe('sent')
    expect(world.backend.mailbox.for(email).filter((mail) => mail.kind === 'signup')).toHaveLength(2)
    device.client.dispose()
  })

  it('without a given or remembered address there is nothing to send to', async () => {
    const world = await createWorld()
    const device = world.device({ url: `${APP_ORIGIN}/sign/reset-password/confirm` })
    await started(device.client)
    const hook = renderHook(() => useMailResend('recovery'), { wrapper: providerOf(device.client) })
    await act(() => hook.result.current.resend())
    expect(hook.result.current).toMatchObject({ email: null, status: 'idle' })
    expect(world.requestsTo('POST', '/auth/v1/recover')).toEqual([])
    device.client.dispose()
  })
})
