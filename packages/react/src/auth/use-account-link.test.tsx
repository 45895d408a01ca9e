import type { AccountConflictResult } from '@coursekit/core'
import type { Provider } from '@coursekit/core/contract'
import { DEMO_PASSWORD, demoAccounts, legacyAccount } from '@coursekit/mock-server'
import { APP_ORIGIN } from '@coursekit/testkit'
import { createWorld, providerOf } from '@coursekit/testkit/react'
import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useAccountLink } from './use-account-link.ts'

const conflict = (attemptedProvider: Provider, email: string = demoAccounts.learner.email): AccountConflictResult => ({
  status: 'account-conflict',
  conflict: { email, existingProviders: ['EMAIL'], attemptedProvider },
  options: ['LOGIN_WITH_EXISTING', 'LINK_ACCOUNTS'],
  message: '이미 이메일로 가입된 이메일입니다. 기존 계정으로 로그인하거나 계정을 연결해주세요.',
})

describe('useAccountLink', () => {
  it('goes to /sign/in, and the sign-in of the account owning the address links the refused provider', async () => {
    const world = await createWorld()
    const device = world.device({ url: `${APP_ORIGIN}/auth/callback` })
    const { result } = renderHook(() => useAccountLink(), { wrapper: providerOf(device.client) })
    let went: string | null = null
    act(() => {
      went = result.current(conflict('KAKAO'))
    })
    expect(went).toBe('/sign/in')
    expect(device.navigations.at(-1)).toEqual({ to: '/sign/in', replace: false, delayMs: 0 })
    device.platform.setLocation(`${APP_ORIGIN}/sign/in`)
    await act(() => device.client.auth!.signInWithPassword(demoAccounts.learner.email, DEMO_PASSWORD))
    await world.idle()
    expect(world.requestsTo('PATCH', '/oauth-providers')).toHaveLength(1)
    expect(world.backend.context.users.platform.get(demoAccounts.learner.id)?.oauthProviders).toContain('KAKAO')
    device.client.dispose()
  })

  it('does nothing for a conflict with no Google or Kakao attempt', async () => {
    const world = await createWorld()
    const device = world.device({ url: `${APP_ORIGIN}/auth/callback` })
    const { result } = renderHook(() => useAccountLink(), { wrapper: providerOf(device.client) })
    expect(result.current(conflict('EMAIL', legacyAccount.email))).toBeNull()
    expect(result.current({ ...conflict('KAKAO'), conflict: null })).toBeNull()
    expect(device.navigations).toEqual([])
    expect(device.platform.storage.get('coursekit.accountLinkPending')).toBeNull()
    device.client.dispose()
  })
})
