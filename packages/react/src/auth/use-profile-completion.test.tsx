import { demoAccounts } from '@coursekit/mock-server'
import { APP_ORIGIN, type World } from '@coursekit/testkit'
import { createWorld, providerOf } from '@coursekit/testkit/react'
import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useProfileCompletion } from './use-profile-completion.ts'

const { incomplete, learner } = demoAccounts
const completionPath = `/sign/complete/${incomplete.id}/${encodeURIComponent(incomplete.email)}`
const PHONE = '010-5555-6666'

/** The incomplete demo account, signed in from `page` and now on the completion page. */
async function onCompletionPage(world: World, page = '/courses/101') {
  const device = world.device({ url: `${APP_ORIGIN}${page}`, client: { navigation: 'manual' } })
  await device.signIn(incomplete.email, incomplete.password)
  expect(device.navigations.at(-1)?.to).toBe(completionPath)
  device.platform.setLocation(`${APP_ORIGIN}${completionPath}`)
  return device
}

const lastCode = (world: World, phone = PHONE) => world.backend.sms.for(phone).at(-1)!.code

describe('useProfileCompletion', () => {
  it('prefills from the saved profile, sends a code and counts down each second, verifies it, saves, and goes where the person was going', async () => {
    const world = await createWorld()
    const device = await onCompletionPage(world)
    const { result } = renderHook(() => useProfileCompletion(), {
      wrapper: providerOf(device.client),
      reactStrictMode: true,
    })
    expect(result.current).toMatchObject({ profile: { name: '이새롬', nickname: null }, phoneStatus: 'idle' })
    const fields = { name: '이새롬', nickname: '새롬', phone: '01055556666' }
    expect(result.current.completion(fields)).toBe(67)

    await act(() => result.current.sendCode(fields.phone))
    expect(result.current).toMatchObject({
      phoneStatus: 'code-sent',
      phone: PHONE,
      codeSecondsLeft: 180,
      resendSecondsLeft: 60,
    })
    await world.advance(1_000, 1_000)
    expect(result.current).toMatchObject({ codeSecondsLeft: 179, resendSecondsLeft: 59 })

    await act(() => result.current.verifyCode(lastCode(world)))
    expect(result.current).toMatchObject({ phoneStatus: 'verified', phoneError: null })
    expect(result.current.isPhoneVerified(fields.phone)).toBe(true)
    expect(result.current.completion(fields)).toBe(100)

    const saved = await act(() => result.current.complete(fields))
    expect(saved).toMatchObject({ status: 'completed', redirectTo: '/courses/101' })
    expect(result.current).toMatchObject({ saving: false, profile: { phone: PHONE, hasProfile: true } })
    expect(device.navigations.at(-1)).toEqual({ to: '/courses/101', replace: true, delayMs: 0 })
    device.client.dispose()
  })

  it('a wrong code and a refused save say why, in the server’s words', async () => {
    const world = await createWorld()
    const device = await onCompletionPage(world)
    const { result } = renderHook(() => useProfileCompletion(), { wrapper: providerOf(device.client) })
    const taken = learner.profile.phone
    await act(() => result.current.sendCode(taken))
    const wrong = lastCode(world, taken) === '000000' ? '111111' : '000000'
    await act(() => result.current.verifyCode(wrong))
    expect(result.current).toMatchObject({ phoneStatus: 'code-sent', phoneError: '인증번호가 올바르지 않습니다.' })
    await act(() => result.current.verifyCode(lastCode(world, taken)))
    await act(() => result.current.complete({ name: '이새롬', nickname: '새롬', phone: taken }))
    expect(result.current).toMatchObject({
      error: '이미 가입된 휴대폰 번호입니다.',
      errorCode: 'DUPLICATE_PHONE',
      suggestion: '다른 휴대폰 번호를 입력하시거나, 해당 번호로 가입한 계정으로 로그인해주세요.',
    })
    expect(device.notices.at(-1)).toMatchObject({ kind: 'error', message: '계정 생성 실패' })
    device.client.dispose()
  })

  it('skip leaves for where the person was going', async () => {
    const world = await createWorld()
    const device = await onCompletionPage(world, '/sign/in?redirect=%2Fmy%2Fdevices')
    const { result } = renderHook(() => useProfileCompletion(), { wrapper: providerOf(device.client) })
    let target = ''
    act(() => {
      target = result.current.skip()
    })
    expect(target).toBe('/my/devices')
    expect(device.navigations.at(-1)).toEqual({ to: '/my/devices', replace: true, delayMs: 0 })
    device.client.dispose()
  })

  it('stops counting down when the page unmounts', async () => {
    const world = await createWorld()
    const device = await onCompletionPage(world)
    const { result, unmount } = renderHook(() => useProfileCompletion(), { wrapper: providerOf(device.client) })
    const timers = world.clock.pendingTimers()
    await act(() => result.current.sendCode(PHONE))
    expect(world.clock.pendingTimers()).toBe(timers + 1)
    unmount()
    expect(world.clock.pendingTimers()).toBe(timers)
    device.client.dispose()
  })
})
