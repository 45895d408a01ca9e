import { describe, expect, it } from 'vitest'
import { createMockBackend } from '../backend.ts'
import { DEMO_PASSWORD, demoAccounts } from '../demo-accounts.ts'
import { consentShortcut, createTestClient, fragmentParams, redirectTarget, submitConsentPage } from './test-client.ts'

const APP = 'http://localhost:5173/auth/callback?redirect=%2Fcourses'

async function setup(flowType: 'pkce' | 'implicit' = 'pkce') {
  const backend = await createMockBackend({ redirectAllowList: ['http://localhost:5173/**'] })
  const supabase = createTestClient({ url: backend.url, anonKey: backend.anonKey, fetch: backend.fetch, flowType })
  return { backend, supabase }
}

async function authorizeUrl(supabase: ReturnType<typeof createTestClient>, provider: 'google' | 'kakao') {
  const { data, error } = await supabase.auth.signInWithOAuth({
    provider,
    options: { redirectTo: APP, skipBrowserRedirect: true },
  })
  if (error || !data.url) throw error ?? new Error('no url')
  return data.url
}

describe('OAuth (signInWithOAuth) against the local consent page', () => {
  for (const [provider, label] of [
    ['google', 'Google 계정으로 계속하기'],
    ['kakao', '카카오 계정으로 계속하기'],
  ] as const) {
    it(`${provider}: the consent page, then ?code=, then exchangeCodeForSession`, async () => {
      const { backend, supabase } = await setup()
      const url = await authorizeUrl(supabase, provider)
      expect(url).toMatch(new RegExp(`^${backend.url}/auth/v1/authorize\\?provider=${provider}&`))
      expect(new URL(url).searchParams.get('code_challenge_method')).toBe('s256')

      const page = await backend.fetch(url)
      expect(page.status).toBe(200)
      expect(page.headers.get('content-type')).toMatch(/text\/html/)
      const html = await page.text()
      expect(html).toContain(label)
      expect(html).toContain('name="code_challenge"')

      const email = `${provider}.person@coursekit.dev`
      const target = await submitConsentPage(backend.fetch, url, email)
      expect(`${target.origin}${target.pathname}`).toBe('http://localhost:5173/auth/callback')
      expect(target.searchParams.get('redirect')).toBe('/courses')
      const code = target.searchParams.get('code') ?? ''
      expect(code).not.toBe('')

      const { data, error } = await supabase.auth.exchangeCodeForSession(code)
      expect(error).toBeNull()
      expect(data.user).toMatchObject({
        email,
        app_metadata: { provider, providers: [provider] },
        user_metadata: { email, email_verified: true },
      })
      expect(data.user?.identities?.[0]).toMatchObject({ provider, identity_data: { email } })
      expect(data.session?.provider_token).toEqual(expect.any(String))
      const claims = JSON.parse(atob(data.session?.access_token.split('.')[1] ?? ''))
      expect(claims.app_metadata.provider).toBe(provider)
      expect(claims.amr[0].method).toBe('oauth')
      expect(backend.context.users.platform.has(data.user?.id ?? '')).toBe(false)
    })
  }

  it('GET /authorize/consent?…&email= completes consent in one request', async () => {
    const { supabase, backend } = await setup()
    const url = await authorizeUrl(supabase, 'kakao')
    const target = await redirectTarget(backend.fetch, consentShortcut(url, 'shortcut@coursekit.dev', '지름길'))
    const { data, error } = await supabase.auth.exchangeCodeForSession(target.searchParams.get('code') ?? '')
    expect(error).toBeNull()
    expect(data.user?.user_metadata).toMatchObject({ name: '지름길', full_name: '지름길' })
  })

  it('finds the seeded Google account again', async () => {
    const { supabase, backend } = await setup()
    const url = await authorizeUrl(supabase, 'google')
    const target = await redirectTarget(backend.fetch, consentShortcut(url, demoAccounts.google.email))
    const { data } = await supabase.auth.exchangeCodeForSession(target.searchParams.get('code') ?? '')
    expect(data.user?.id).toBe(demoAccounts.google.id)
    expect(data.user?.identities).toHaveLength(1)
  })

  it('links the identity to an existing account with the same e-mail', async () => {
    const { supabase, backend } = await setup()
    const url = await authorizeUrl(supabase, 'google')
    const target = await redirectTarget(backend.fetch, consentShortcut(url, demoAccounts.learner.email))
    const { data } = await supabase.auth.exchangeCodeForSession(target.searchParams.get('code') ?? '')
    expect(data.user?.id).toBe(demoAccounts.learner.id)
    expect(data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email', 'google'] })
    expect(data.user?.identities?.map((identity) => identity.provider)).toEqual(['email', 'google'])
    // The password still works after linking.
    await supabase.auth.signOut()
    const again = await supabase.auth.signInWithPassword({ email: demoAccounts.learner.email, password: DEMO_PASSWORD })
    expect(again.error).toBeNull()
  })

  it('linking into an unconfirmed account confirms it and drops the unproven password', async () => {
    const { supabase, backend } = await setup()
    const url = await authorizeUrl(supabase, 'google')
    const target = await redirectTarget(backend.fetch, consentShortcut(url, demoAccounts.unconfirmed.email))
    const { data } = await supabase.auth.exchangeCodeForSession(target.searchParams.get('code') ?? '')
    expect(data.user?.id).toBe(demoAccounts.unconfirmed.id)
    expect(data.user?.email_confirmed_at).toEqual(expect.any(String))
    expect(data.user?.app_metadata.providers).toEqual(['google'])
    const password = await supabase.auth.signInWithPassword({
      email: demoAccounts.unconfirmed.email,
      password: DEMO_PASSWORD,
    })
    expect(password.error?.code).toBe('invalid_credentials')
  })

  it('implicit flow: the session comes in the fragment and setSession takes it', async () => {
    const { supabase, backend } = await setup('implicit')
    const url = await authorizeUrl(supabase, 'google')
    expect(new URL(url).searchParams.has('code_challenge')).toBe(false)
    const target = await redirectTarget(backend.fetch, consentShortcut(url, 'implicit@coursekit.dev'))
    expect(target.searchParams.has('code')).toBe(false)
    const params = fragmentParams(target)
    expect(params.get('provider_token')).toEqual(expect.any(String))
    const { data, error } = await supabase.auth.setSession({
      access_token: params.get('access_token') ?? '',
      refresh_token: params.get('refresh_token') ?? '',
    })
    expect(error).toBeNull()
    expect(data.session?.user.email).toBe('implicit@coursekit.dev')
  })

  it('an auth code works once; a wrong verifier is refused without spending it', async () => {
    const { supabase, backend } = await setup()
    const url = await authorizeUrl(supabase, 'google')
    const code = (await redirectTarget(backend.fetch, consentShortcut(url, 'once@coursekit.dev'))).searchParams.get(
      'code',
    )
    const exchange = (verifier: string) =>
      backend.fetch(`${backend.url}/auth/v1/token?grant_type=pkce`, {
        method: 'POST',
        headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ auth_code: code, code_verifier: verifier }),
      })
    const wrong = await exchange('x'.repeat(56))
    expect(wrong.status).toBe(400)
    expect((await wrong.json()).code).toBe('bad_code_verifier')
    const { error } = await supabase.auth.exchangeCodeForSession(code ?? '')
    expect(error).toBeNull()
    const reused = await exchange('x'.repeat(56))
    expect(reused.status).toBe(404)
    expect((await reused.json()).code).toBe('flow_state_not_found')
  })

  it('cancelling on the consent page redirects with access_denied', async () => {
    const { supabase, backend } = await setup()
    const url = new URL(consentShortcut(await authorizeUrl(supabase, 'kakao'), 'x@coursekit.dev'))
    url.searchParams.set('action', 'cancel')
    const target = await redirectTarget(backend.fetch, url.toString())
    expect(target.searchParams.get('error')).toBe('access_denied')
    expect(fragmentParams(target).get('error')).toBe('access_denied')
    expect(backend.context.users.authByEmail('x@coursekit.dev')).toBeUndefined()
  })

  it('refuses an unsupported provider with validation_failed', async () => {
    const { supabase, backend } = await setup()
    const { data } = await supabase.auth.signInWithOAuth({
      provider: 'github',
      options: { redirectTo: APP, skipBrowserRedirect: true },
    })
    const response = await backend.fetch(data.url ?? '')
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      code: 'validation_failed',
      msg: 'Unsupported provider: provider is not enabled',
    })
  })

  it('re-renders the page for a malformed e-mail instead of signing anyone in', async () => {
    const { supabase, backend } = await setup()
    const response = await backend.fetch(consentShortcut(await authorizeUrl(supabase, 'google'), 'not-an-email'))
    expect(response.status).toBe(400)
    expect(await response.text()).toContain('올바른 이메일 주소를 입력해주세요.')
  })
})
