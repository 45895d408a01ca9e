import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD, demoAccounts } from '../demo-accounts.ts'
import { type MockServer, startMockServer } from '../node-server.ts'
import { createTestClient, redirectTarget, submitConsentPage } from './test-client.ts'

const APP = 'http://localhost:5173/auth/callback'

/** End to end over real loopback HTTP, with Node's fetch: what a browser app or the CLI sees. */
describe('/auth/v1 over HTTP', () => {
  let server: MockServer
  beforeEach(async () => {
    server = await startMockServer({ port: 0 })
  })
  afterEach(async () => {
    await server.close()
  })

  const client = () => createTestClient({ url: server.url, anonKey: server.backend.anonKey })

  it('sign-up, the mailed link, code exchange, then sign-out and sign-in with the password', async () => {
    const supabase = client()
    const email = 'http.learner@coursekit.dev'
    const signUp = await supabase.auth.signUp({ email, password: 'over-http-1', options: { emailRedirectTo: APP } })
    expect(signUp.error).toBeNull()
    const mailbox = await (await fetch(`${server.url}/__dev/mailbox?email=${encodeURIComponent(email)}`)).json()
    const link: string = mailbox.messages[0].link
    expect(link.startsWith(`${server.url}/auth/v1/verify?`)).toBe(true)

    const code = (await redirectTarget(fetch, link)).searchParams.get('code') ?? ''
    const exchanged = await supabase.auth.exchangeCodeForSession(code)
    expect(exchanged.error).toBeNull()
    expect((await supabase.auth.getUser()).data.user?.email).toBe(email)
    expect((await supabase.auth.signOut()).error).toBeNull()
    expect((await supabase.auth.signInWithPassword({ email, password: 'over-http-1' })).error).toBeNull()
  })

  it('OAuth through the consent page HTML and its form, then a refresh', async () => {
    const supabase = client()
    const { data } = await supabase.auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: APP, skipBrowserRedirect: true },
    })
    const target = await submitConsentPage(fetch, data.url ?? '', demoAccounts.google.email)
    const exchanged = await supabase.auth.exchangeCodeForSession(target.searchParams.get('code') ?? '')
    expect(exchanged.data.user?.id).toBe(demoAccounts.google.id)
    const refreshed = await supabase.auth.refreshSession()
    expect(refreshed.error).toBeNull()
    expect(refreshed.data.session?.refresh_token).not.toBe(exchanged.data.session?.refresh_token)
  })

  it('two refreshes of one token at once both answer the session, which stays usable, every time', async () => {
    const supabase = client()
    const { data } = await supabase.auth.signInWithPassword({
      email: demoAccounts.learner.email,
      password: DEMO_PASSWORD,
    })
    let refreshToken = data.session?.refresh_token ?? ''
    const refresh = async () => {
      const response = await fetch(`${server.url}/auth/v1/token?grant_type=refresh_token`, {
        method: 'POST',
        headers: { apikey: server.backend.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: refreshToken }),
      })
      return { status: response.status, body: await response.json() }
    }
    for (let round = 0; round < 50; round++) {
      const [first, second] = await Promise.all([refresh(), refresh()])
      expect([first.status, second.status]).toEqual([200, 200])
      // Both hold the session's one active refresh token: whichever a tab keeps, the next refresh works.
      expect(second.body.refresh_token).toBe(first.body.refresh_token)
      const user = await fetch(`${server.url}/auth/v1/user`, {
        headers: { apikey: server.backend.anonKey, authorization: `Bearer ${second.body.access_token}` },
      })
      expect(user.status).toBe(200)
      refreshToken = first.body.refresh_token
    }
  })

  it('error codes survive the trip: email_not_confirmed and invalid_credentials', async () => {
    const supabase = client()
    const unconfirmed = await supabase.auth.signInWithPassword({
      email: demoAccounts.unconfirmed.email,
      password: DEMO_PASSWORD,
    })
    expect(unconfirmed.error?.code).toBe('email_not_confirmed')
    const wrong = await supabase.auth.signInWithPassword({ email: demoAccounts.learner.email, password: 'nope-nope' })
    expect(wrong.error?.code).toBe('invalid_credentials')
  })
})
