import { describe, expect, it } from 'vitest'
import type { RunEvent } from '../run/events.ts'
import { createSignInWatch, GIVE_UP_AFTER_FAILURES } from './sign-in-watch.ts'

const event = (
  name: 'signedIn' | 'signInFailed',
  user: string,
  message = '로그인 중 오류가 발생했습니다',
): RunEvent => ({
  type: 'event',
  event: name,
  t: 0,
  at: '',
  device: 'd',
  user,
  ...(name === 'signInFailed' ? { status: 'error', message } : {}),
})

describe('createSignInWatch', () => {
  it('gives up after a run of failures with nobody signed in, before every user has tried', () => {
    const watch = createSignInWatch({ users: 1000 })
    for (let i = 0; i < GIVE_UP_AFTER_FAILURES - 1; i++) watch.observe(event('signInFailed', `u${i}`))
    expect(watch.hopeless(1000)).toBeNull()
    watch.observe(event('signInFailed', 'u99'))
    expect(watch.hopeless(1000)).toBe(
      `no device could sign in: ${GIVE_UP_AFTER_FAILURES} sign-ins failed in a row; last: 로그인 중 오류가 발생했습니다`,
    )
  })

  it('gives up once every device has failed (the ramp-up is over)', () => {
    const watch = createSignInWatch({ users: 3 })
    watch.observe(event('signInFailed', 'u1'))
    watch.observe(event('signInFailed', 'u1'))
    expect(watch.hopeless(3)).toBeNull()
    watch.observe(event('signInFailed', 'u1'))
    expect(watch.hopeless(3)).toMatch(/^no device could sign in: all 3 devices failed to sign in/)
  })

  it('keeps going while nothing was tried, and for good once one device signed in', () => {
    const watch = createSignInWatch({ users: 2 })
    expect(watch.hopeless(4)).toBeNull()
    watch.observe(event('signedIn', 'u1'))
    for (let i = 0; i < GIVE_UP_AFTER_FAILURES * 2; i++) watch.observe(event('signInFailed', 'u2'))
    expect(watch.hopeless(4)).toBeNull()
  })
})
