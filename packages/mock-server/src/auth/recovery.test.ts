import { describe, expect, it } from 'vitest'
import { createMockBackend } from '../backend.ts'
import { DEMO_PASSWORD, demoAccounts } from '../demo-accounts.ts'
import { createTestClient, fragmentParams, redirectTarget } from './test-client.ts'

const RESET_PAGE = 'http://localhost:5173/sign/reset-password/confirm'
const NEW_PASSWORD = 'brand-new-password-7'

async function setup(flowType: 'pkce' | 'implicit' = 'pkce') {
  const backend = await createMockBackend({ redirectAllowList: ['http://localhost:5173/**'] })
  const supabase = createTestClient({ url: backend.url, anonKey: backend.anonKey, fetch: backend.fetch, flowType })
  return { backend, supabase }
}

describe('password recovery', () => {
  it('mail, link, code exchange, updateUser: the new password works and the old one does not', async () => {
    const { backend, supabase } = await setup()
    const { error } = await supabase.auth.resetPasswordForEmail(demoAccounts.learner.email, { redirectTo: RESET_PAGE })
    expect(error).toBeNull()
    const [mail] = backend.mailbox.for(demoAccounts.learner.email)
    expect(mail).toMatchObject({ kind: 'recovery', subject: '비밀번호 재설정 안내' })

    const target = await redirectTarget(backend.fetch, mail?.link ?? '')
    expect(`${target.origin}${target.pathname}`).toBe(RESET_PAGE)
    const events: string[] = []
    supabase.auth.onAuthStateChange((event) => {
      events.push(event)
    })
    const exchanged = await supabase.auth.exchangeCodeForSession(target.searchParams.get('code') ?? '')
    expect(exchanged.error).toBeNull()
    // auth-js marked the stored verifier as a recovery one, so the exchange announces PASSWORD_RECOVERY.
    expect(events).toContain('PASSWORD_RECOVERY')
    expect(exchanged.data.user?.recovery_sent_at).toEqual(expect.any(String))

    const updated = await supabase.auth.updateUser({ password: NEW_PASSWORD })
    expect(updated.error).toBeNull()
    expect(updated.data.user?.id).toBe(demoAccounts.learner.id)

    const other = createTestClient({ url: backend.url, anonKey: backend.anonKey, fetch: backend.fetch })
    const old = await other.auth.signInWithPassword({ email: demoAccounts.learner.email, password: DEMO_PASSWORD })
    expect(old.error?.code).toBe('invalid_credentials')
    const fresh = await other.auth.signInWithPassword({ email: demoAccounts.learner.email, password: NEW_PASSWORD })
    expect(fresh.error).toBeNull()
  })

  it('implicit flow: the link carries a recovery session in the fragment', async () => {
    const { backend, supabase } = await setup('implicit')
    await supabase.auth.resetPasswordForEmail(demoAccounts.learner.email, { redirectTo: RESET_PAGE })
    const params = fragmentParams(
      await redirectTarget(backend.fetch, backend.mailbox.for(demoAccounts.learner.email)[0]?.link ?? ''),
    )
    expect(params.get('type')).toBe('recovery')
    const claims = JSON.parse(atob((params.get('access_token') ?? '').split('.')[1] ?? ''))
    expect(claims.amr[0].method).toBe('otp')
  })

  it('answers an unknown address with 200 and sends nothing', async () => {
    const { backend, supabase } = await setup()
    const { error } = await supabase.auth.resetPasswordForEmail('nobody@coursekit.dev')
    expect(error).toBeNull()
    expect(backend.mailbox.all()).toEqual([])
  })

  it('a new password signs the other sessions out and voids pending links', async () => {
    const { backend, supabase } = await setup()
    const phone = createTestClient({ url: backend.url, anonKey: backend.anonKey, fetch: backend.fetch })
    const phoneSession = await phone.auth.signInWithPassword({
      email: demoAccounts.learner.email,
      password: DEMO_PASSWORD,
    })
    await supabase.auth.signInWithPassword({ email: demoAccounts.learner.email, password: DEMO_PASSWORD })
    await supabase.auth.resetPasswordForEmail(demoAccounts.learner.email, { redirectTo: RESET_PAGE })

    expect((await supabase.auth.updateUser({ password: NEW_PASSWORD })).error).toBeNull()
    expect((await supabase.auth.getUser()).error).toBeNull()
    const phoneUser = await phone.auth.getUser()
    expect(phoneUser.error?.name).toBe('AuthSessionMissingError')
    const phoneRefresh = await phone.auth.refreshSession({
      refresh_token: phoneSession.data.session?.refresh_token ?? '',
    })
    expect(phoneRefresh.error?.code).toBe('refresh_token_not_found')
    const link = backend.mailbox.for(demoAccounts.learner.email)[0]?.link ?? ''
    expect((await redirectTarget(backend.fetch, link)).searchParams.get('error_code')).toBe('otp_expired')
  })

  it('refuses the same password and a short one, changing nothing', async () => {
    const { supabase } = await setup()
    await supabase.auth.signInWithPassword({ email: demoAccounts.learner.email, password: DEMO_PASSWORD })
    const same = await supabase.auth.updateUser({ password: DEMO_PASSWORD })
    expect(same.error).toMatchObject({ status: 422, code: 'same_password' })
    const short = await supabase.auth.updateUser({ password: 'abc' })
    expect(short.error).toMatchObject({ name: 'AuthWeakPasswordError', code: 'weak_password', reasons: ['length'] })
    expect((await supabase.auth.getUser()).error).toBeNull()
  })

  it('updateUser merges user_metadata and removes keys set to null', async () => {
    const { supabase } = await setup()
    await supabase.auth.signInWithPassword({ email: demoAccounts.learner.email, password: DEMO_PASSWORD })
    await supabase.auth.updateUser({ data: { nickname: '하늘', theme: 'dark' } })
    const { data } = await supabase.auth.updateUser({ data: { theme: null } })
    expect(data.user?.user_metadata).toEqual({ nickname: '하늘' })
  })

  it('an e-mail change mails both addresses and waits for both links (secure e-mail change)', async () => {
    const { backend, supabase } = await setup()
    const learner = demoAccounts.learner.email
    await supabase.auth.signInWithPassword({ email: learner, password: DEMO_PASSWORD })
    const taken = await supabase.auth.updateUser({ email: demoAccounts.admin.email })
    expect(taken.error).toMatchObject({ status: 422, code: 'email_exists' })

    const { data, error } = await supabase.auth.updateUser({ email: 'moved@coursekit.dev' })
    expect(error).toBeNull()
    expect(data.user).toMatchObject({ email: learner, new_email: 'moved@coursekit.dev' })
    expect(data.user?.email_change_sent_at).toEqual(expect.any(String))
    const [toNew] = backend.mailbox.for('moved@coursekit.dev')
    const [toCurrent] = backend.mailbox.for(learner)
    expect(toNew?.kind).toBe('email_change')
    expect(toCurrent?.kind).toBe('email_change')
    expect(toCurrent?.token).not.toBe(toNew?.token)

    // The new address's link alone changes nothing and says so, with no session.
    const first = await supabase.auth.verifyOtp({ token_hash: toNew?.token ?? '', type: 'email_change' })
    expect(first).toEqual({ data: { user: null, session: null }, error: null })
    expect(backend.context.users.authByEmail(learner)?.id).toBe(demoAccounts.learner.id)
    const reused = await supabase.auth.verifyOtp({ token_hash: toNew?.token ?? '', type: 'email_change' })
    expect(reused.error).toMatchObject({ status: 403, code: 'otp_expired' })

    const second = await supabase.auth.verifyOtp({ token_hash: toCurrent?.token ?? '', type: 'email_change' })
    expect(second.error).toBeNull()
    expect(second.data.user?.email).toBe('moved@coursekit.dev')
    expect(backend.context.users.authByEmail('moved@coursekit.dev')?.id).toBe(demoAccounts.learner.id)
    expect(backend.context.users.authByEmail(learner)).toBeUndefined()
  })

  it("the first of an e-mail change's two links redirects with GoTrue's message; the second with the code", async () => {
    const { backend, supabase } = await setup()
    await supabase.auth.signInWithPassword({ email: demoAccounts.learner.email, password: DEMO_PASSWORD })
    await supabase.auth.updateUser({ email: 'moved@coursekit.dev' }, { emailRedirectTo: RESET_PAGE })
    const [toCurrent] = backend.mailbox.for(demoAccounts.learner.email)
    const [toNew] = backend.mailbox.for('moved@coursekit.dev')
    expect(toCurrent?.token.startsWith('pkce_')).toBe(true)

    const first = await redirectTarget(backend.fetch, toCurrent?.link ?? '')
    const message = 'Confirmation link accepted. Please proceed to confirm link sent to the other email'
    expect(`${first.origin}${first.pathname}`).toBe(RESET_PAGE)
    expect(first.searchParams.get('message')).toBe(message)
    expect(fragmentParams(first).get('message')).toBe(message)
    expect(first.searchParams.get('code')).toBeNull()
    expect(backend.context.users.authByEmail(demoAccounts.learner.email)).toBeDefined()

    const second = await redirectTarget(backend.fetch, toNew?.link ?? '')
    const exchanged = await supabase.auth.exchangeCodeForSession(second.searchParams.get('code') ?? '')
    expect(exchanged.error).toBeNull()
    expect(exchanged.data.user?.email).toBe('moved@coursekit.dev')
  })
})
