import { DEMO_PASSWORD, demoAccounts } from '@coursekit/mock-server'
import { createWorld } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import { APP_ORIGIN, type AuthPage, authPage } from '../auth-test-page.ts'

const { learner } = demoAccounts

/** Requests the reset mail and follows its link, as the user's browser would. */
async function openResetLink(h: AuthPage): Promise<void> {
  expect(await h.auth.requestPasswordReset(learner.email)).toEqual({ status: 'ok' })
  const mail = h.backend.mailbox.for(learner.email).at(-1)!
  expect(mail.kind).toBe('recovery')
  expect(new URL(mail.link).searchParams.get('redirect_to')).toBe(`${APP_ORIGIN}/sign/reset-password/confirm`)
  const landing = await h.backend.fetch(mail.link, { redirect: 'manual' })
  h.platform.setLocation(landing.headers.get('location')!)
}

describe('password reset', () => {
  it('mails a link back to /sign/reset-password/confirm, where the new password is set', async () => {
    const h = authPage(await createWorld())
    await openResetLink(h)
    expect(h.platform.location.current().pathname).toBe('/sign/reset-password/confirm')
    expect(new URLSearchParams(h.platform.location.current().search).get('code')).toBeTruthy()

    expect(await h.auth.updatePassword('brand-new-pass-1')).toEqual({ status: 'ok' })
    expect(h.notices).toEqual([{ kind: 'success', message: '비밀번호가 성공적으로 변경되었습니다.' }])
    // The link's session only opened the door: nobody is signed in, nothing of it is kept.
    expect(h.auth.store.getState()).toMatchObject({ status: 'unauthenticated', isLoading: false })
    expect(h.platform.storage.get('coursekit.supabase.auth')).toBeNull()

    expect((await h.auth.signInWithPassword(learner.email, DEMO_PASSWORD)).status).toBe('error')
    expect((await h.auth.signInWithPassword(learner.email, 'brand-new-pass-1')).status).toBe('signed-in')
  })

  it('비밀번호 변경 실패 with the reason; the link still works for another try', async () => {
    const h = authPage(await createWorld())
    await openResetLink(h)
    const weak = await h.auth.updatePassword('123')
    expect(weak).toMatchObject({ status: 'error', message: '비밀번호 변경 실패' })
    expect(h.notices).toEqual([{ kind: 'error', message: '비밀번호 변경 실패', description: expect.any(String) }])
    expect(h.auth.store.getState().error).toBe('비밀번호 변경 실패')
    expect(await h.auth.updatePassword('second-try-pass-1')).toEqual({ status: 'ok' })
    expect((await h.auth.signInWithPassword(learner.email, 'second-try-pass-1')).status).toBe('signed-in')
  })

  it('without a session or link it fails', async () => {
    const h = authPage(await createWorld(), { url: `${APP_ORIGIN}/sign/reset-password/confirm` })
    expect(await h.auth.updatePassword('whatever-pass-1')).toMatchObject({
      status: 'error',
      message: '비밀번호 변경 실패',
    })
  })

  it('a link that opens no session (its code spent, or another browser) fails with code session_missing', async () => {
    const asker = authPage(await createWorld())
    await openResetLink(asker)
    // The link opened in a browser without the asker's PKCE verifier: the code cannot be exchanged.
    const { origin, pathname, search } = asker.platform.location.current()
    const other = authPage(asker.world, { url: `${origin}${pathname}${search}` })
    expect(await other.auth.updatePassword('whatever-pass-1')).toMatchObject({
      status: 'error',
      message: '비밀번호 변경 실패',
      code: 'session_missing',
    })
  })

  it('a server failure is not a dead link: no code', async () => {
    const h = authPage(await createWorld())
    await openResetLink(h)
    h.backend.faults.add({ path: '/auth/v1/user', kind: 'status', status: 500 })
    expect(await h.auth.updatePassword('whatever-pass-1')).toMatchObject({ status: 'error', code: null })
  })

  it('a signed-in user changes the password and stays signed in', async () => {
    const h = authPage(await createWorld())
    await h.auth.signInWithPassword(learner.email, DEMO_PASSWORD)
    expect(await h.auth.updatePassword('changed-pass-1')).toEqual({ status: 'ok' })
    expect(h.auth.store.getState().status).toBe('authenticated')
    expect((await h.client.api.currentUser()).ok).toBe(true)
  })

  it('비밀번호 재설정 이메일 발송 실패 when the mail cannot be sent', async () => {
    const h = authPage(await createWorld())
    h.backend.faults.add({ path: '/auth/v1/recover', kind: 'status', status: 500 })
    const result = await h.auth.requestPasswordReset(learner.email)
    expect(result).toMatchObject({ status: 'error', message: '비밀번호 재설정 이메일 발송 실패' })
    expect(h.notices).toEqual([
      { kind: 'error', message: '비밀번호 재설정 이메일 발송 실패', description: expect.any(String) },
    ])
  })
})
