import type { FetchLike } from '@coursekit/core'
import { APP_ORIGIN } from '@coursekit/core/testing'
import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createTestWorld, providerOf, started } from './test-world.tsx'
import { useMailResend } from './use-mail-resend.ts'

const email = 'fresh@coursekit.dev'
const consents = { terms: true, privacy: true, age14: true }

/** GoTrue's 429 to the first `path` request ("For security purposes, …"); every other request goes on. */
function tooSoonOnce(path: string, seconds: number) {
  let used = false
  return (fetch: FetchLike): FetchLike =>
    async (input, init) => {
      const request = new Request(input, init)
      if (used || new URL(request.url).pathname !== path) return fetch(request)
      used = true
      const body = {
        code: 'over_email_send_rate_limit',
        error_code: 'over_email_send_rate_limit',
        msg: `For security purposes, you can only request this after ${seconds} seconds.`,
      }
      return new Response(JSON.stringify(body), { status: 429, headers: { 'content-type': 'application/json' } })
    }
}

describe('useMailResend', () => {
  it('resends to the address this browser asked the confirmation for; a 429 counts down on the clock, then it sends', async () => {
    const world = await createTestWorld()
    const device = world.device({ url: `${APP_ORIGIN}/auth/callback`, wrapFetch: tooSoonOnce('/auth/v1/resend', 3) })
    await started(device.client)
    await act(() => device.client.auth!.signUp({ email, password: 'fresh-pass-1', consents }))
    const hook = renderHook(() => useMailResend('signup'), { wrapper: providerOf(device.client) })
    expect(hook.result.current).toMatchObject({ email, status: 'idle', secondsLeft: 0 })

    await act(() => hook.result.current.resend())
    expect(hook.result.current).toMatchObject({ status: 'idle', secondsLeft: 3, message: null })
    await world.advance(1_000, 1_000)
    expect(hook.result.current.secondsLeft).toBe(2)
    await act(() => hook.result.current.resend())
    expect(world.requestsTo('POST', '/auth/v1/resend')).toHaveLength(0)
    await world.advance(2_000, 1_000)
    expect(hook.result.current.secondsLeft).toBe(0)

    await act(() => hook.result.current.resend())
    expect(hook.result.current.status).toBe('sent')
    expect(world.backend.mailbox.for(email).filter((mail) => mail.kind === 'signup')).toHaveLength(2)
    device.client.dispose()
  })

  it('without a given or remembered address there is nothing to send to', async () => {
    const world = await createTestWorld()
    const device = world.device({ url: `${APP_ORIGIN}/sign/reset-password/confirm` })
    await started(device.client)
    const hook = renderHook(() => useMailResend('recovery'), { wrapper: providerOf(device.client) })
    await act(() => hook.result.current.resend())
    expect(hook.result.current).toMatchObject({ email: null, status: 'idle' })
    expect(world.requestsTo('POST', '/auth/v1/recover')).toEqual([])
    device.client.dispose()
  })
})
