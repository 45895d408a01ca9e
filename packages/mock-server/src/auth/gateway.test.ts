import { describe, expect, it } from 'vitest'
import { createMockBackend } from '../backend.ts'
import { DEMO_PASSWORD, demoAccounts } from '../demo-accounts.ts'
import { createTestClient } from './test-client.ts'

describe('the gateway and request handling of /auth/v1', () => {
  it('refuses a request without apikey, or with a wrong one, like Supabase’s gateway', async () => {
    const backend = await createMockBackend()
    const missing = await backend.fetch(`${backend.url}/auth/v1/settings`)
    expect(missing.status).toBe(401)
    expect(await missing.json()).toEqual({ message: 'No API key found in request' })
    const wrong = await backend.fetch(`${backend.url}/auth/v1/settings`, { headers: { apikey: 'not-the-key' } })
    expect(wrong.status).toBe(401)
    expect(await wrong.json()).toMatchObject({ message: 'Invalid API key' })
    expect(
      (await backend.fetch(`${backend.url}/auth/v1/settings`, { headers: { apikey: backend.anonKey } })).status,
    ).toBe(200)

    const wrongKeyClient = createTestClient({ url: backend.url, anonKey: 'not-the-key', fetch: backend.fetch })
    const { error } = await wrongKeyClient.auth.signInWithPassword({
      email: demoAccounts.learner.email,
      password: DEMO_PASSWORD,
    })
    expect(error).toMatchObject({ status: 401, message: 'Invalid API key' })
  })

  it('takes the key from the apikey header only, never from the query (no preflight-free request from another site)', async () => {
    const backend = await createMockBackend()
    const inQuery = await backend.fetch(`${backend.url}/auth/v1/recover?apikey=${backend.anonKey}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: 'https://evil.example' },
      body: JSON.stringify({ email: demoAccounts.learner.email }),
    })
    expect(inQuery.status).toBe(401)
    expect(await inQuery.json()).toEqual({ message: 'No API key found in request' })
    expect(backend.mailbox.for(demoAccounts.learner.email)).toEqual([])
  })

  it('leaves the browser-navigated routes open', async () => {
    const backend = await createMockBackend()
    expect((await backend.fetch(`${backend.url}/auth/v1/authorize?provider=google`)).status).toBe(200)
    expect((await backend.fetch(`${backend.url}/auth/v1/.well-known/jwks.json`)).status).toBe(200)
  })

  it('answers malformed JSON and wrong field types with 400 bad_json and the API version header', async () => {
    const backend = await createMockBackend()
    const post = (body: string) =>
      backend.fetch(`${backend.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
        body,
      })
    const malformed = await post('{"email": ')
    expect(malformed.status).toBe(400)
    expect(malformed.headers.get('x-supabase-api-version')).toBe('2024-01-01')
    expect(await malformed.json()).toMatchObject({
      code: 'bad_json',
      error_code: 'bad_json',
      msg: expect.stringMatching(/^Could not parse request body as JSON/),
    })
    const wrongType = await post(JSON.stringify({ email: 42, password: DEMO_PASSWORD }))
    expect(wrongType.status).toBe(400)
    expect(await wrongType.json()).toMatchObject({ code: 'bad_json', msg: expect.stringMatching(/email/) })
    const notAnObject = await post('[1, 2]')
    expect(notAnObject.status).toBe(400)
  })

  it('refuses an unsupported grant type', async () => {
    const backend = await createMockBackend()
    const response = await backend.fetch(`${backend.url}/auth/v1/token?grant_type=client_credentials`, {
      method: 'POST',
      headers: { apikey: backend.anonKey },
      body: '{}',
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ msg: 'unsupported_grant_type' })
  })

  it('GET /user without a bearer is 401 no_authorization, with a garbage one 403 bad_jwt', async () => {
    const backend = await createMockBackend()
    const noBearer = await backend.fetch(`${backend.url}/auth/v1/user`, { headers: { apikey: backend.anonKey } })
    expect(noBearer.status).toBe(401)
    expect((await noBearer.json()).code).toBe('no_authorization')
    const garbage = await backend.fetch(`${backend.url}/auth/v1/user`, {
      headers: { apikey: backend.anonKey, authorization: 'Bearer not.a.jwt' },
    })
    expect(garbage.status).toBe(403)
    expect((await garbage.json()).code).toBe('bad_jwt')
    // The anon key is a valid JWT, but not a user's.
    const anon = await backend.fetch(`${backend.url}/auth/v1/user`, {
      headers: { apikey: backend.anonKey, authorization: `Bearer ${backend.anonKey}` },
    })
    expect(anon.status).toBe(403)
  })

  it('publishes settings and an empty key set, so getClaims falls back to GET /user', async () => {
    const backend = await createMockBackend()
    const headers = { apikey: backend.anonKey }
    const settings = await (await backend.fetch(`${backend.url}/auth/v1/settings`, { headers })).json()
    expect(settings).toMatchObject({
      external: { email: true, google: true, kakao: true },
      disable_signup: false,
      mailer_autoconfirm: false,
      phone_autoconfirm: false,
      sms_provider: '',
    })
    expect(await (await backend.fetch(`${backend.url}/auth/v1/.well-known/jwks.json`, { headers })).json()).toEqual({
      keys: [],
    })
    const supabase = createTestClient({ url: backend.url, anonKey: backend.anonKey, fetch: backend.fetch })
    await supabase.auth.signInWithPassword({ email: demoAccounts.learner.email, password: DEMO_PASSWORD })
    const { data, error } = await supabase.auth.getClaims()
    expect(error).toBeNull()
    expect(data?.claims.sub).toBe(demoAccounts.learner.id)
  })
})
