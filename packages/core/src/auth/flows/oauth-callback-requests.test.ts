import { demoAccounts } from '@coursekit/mock-server'
import { createWorld, type World } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import type { FetchLike } from '../../kernel/ports.ts'
import { APP_ORIGIN, type AuthPage, authPage } from '../auth-test-page.ts'
import { type ExchangeRecorder, recordExchanges } from './recorded-exchanges.ts'

/** A page of `world` whose requests are recorded; `edit` may change what the backend answers. */
function recordedPage(
  world: World,
  options: { edit?: (fetch: FetchLike) => FetchLike } = {},
): { h: AuthPage; recorder: ExchangeRecorder } {
  const recorder = recordExchanges(world.clock)
  const edit = options.edit ?? ((fetch: FetchLike) => fetch)
  const h = authPage(world, {
    url: `${APP_ORIGIN}/courses/101`,
    wrapFetch: (fetch) => recorder.wrapFetch(edit(fetch)),
  })
  return { h, recorder }
}

/** The provider's answer to a PKCE sign-in with `email`: the /auth/callback URL it sends the browser to. */
async function pkceCallback(h: AuthPage, provider: 'GOOGLE' | 'KAKAO', email: string): Promise<string> {
  const started = await h.auth.signInWithOAuth(provider, { redirect: false })
  if (started.status !== 'redirecting') throw new Error('the OAuth start failed')
  const url = new URL(started.url)
  url.pathname += '/consent'
  url.searchParams.set('email', email)
  const answer = await h.backend.fetch(url, { redirect: 'manual' })
  return answer.headers.get('location')!
}

/** Runs the callback at `location` on a clock that moves 1 ms at a time. */
async function runCallback(h: AuthPage, location: string): Promise<void> {
  h.platform.setLocation(location)
  const pending = h.auth.handleOAuthCallback()
  await h.advance(1_500, 1)
  expect((await pending).status).toBe('signed-in')
}

describe('OAuth callback: 500 ms for the session to settle (spec section 9)', () => {
  it('after exchanging the code, waits 500 ms before reading the session and processing the sign-in', async () => {
    const { h, recorder } = recordedPage(await createWorld())
    await runCallback(h, await pkceCallback(h, 'GOOGLE', demoAccounts.google.email))
    const exchanged = recorder.only('POST /auth/v1/token')
    const processed = recorder.only('POST /api/v2/oauth/process')
    expect(processed.sentAt - exchanged.answeredAt!).toBe(500)
  })

  it('after setting the session from the tokens in the hash, waits 500 ms the same way', async () => {
    // supabase-js judges a token's expiry on the system clock: this world starts there, so the
    // tokens are fresh to it and setSession checks them (GET /auth/v1/user) rather than refreshing.
    const { h, recorder } = recordedPage(await createWorld({ clockStart: Date.now() }))
    const consent = new URL(`${h.backend.url}/auth/v1/authorize/consent`)
    consent.searchParams.set('provider', 'google')
    consent.searchParams.set('redirect_to', `${APP_ORIGIN}/auth/callback`)
    consent.searchParams.set('email', demoAccounts.google.email)
    const answer = await h.backend.fetch(consent, { redirect: 'manual' })
    await runCallback(h, answer.headers.get('location')!)
    const checked = recorder.only('GET /auth/v1/user')
    const processed = recorder.only('POST /api/v2/oauth/process')
    expect(processed.sentAt - checked.answeredAt!).toBe(500)
  })
})

/** Gives the user of the code exchange's answer these provider metadata instead of the stand-in's. */
const withMetadata =
  (metadata: Record<string, unknown>) =>
  (fetch: FetchLike): FetchLike =>
  async (input, init) => {
    const request = new Request(input, init)
    const answer = await fetch(request)
    if (!request.url.includes('grant_type=pkce')) return answer
    const body = await answer.json()
    body.user.user_metadata = { ...metadata, iss: body.user.user_metadata.iss, sub: body.user.user_metadata.sub }
    return Response.json(body, { status: answer.status, headers: answer.headers })
  }

describe('OAuth callback: what oauth/process is told (spec section 7)', () => {
  it.each([
    [
      'Google: name and avatar_url',
      {
        name: ' 정구글 ',
        full_name: '정 구글',
        avatar_url: 'https://lh3.example/a.png',
        picture: 'https://lh3.example/p.png',
      },
      { name: '정구글', profileImage: 'https://lh3.example/a.png' },
    ],
    [
      'full_name and picture when there is no name nor avatar_url',
      { full_name: '한새봄', picture: 'https://lh3.example/p.png' },
      { name: '한새봄', profileImage: 'https://lh3.example/p.png' },
    ],
    [
      'Kakao: nickname and profile_image',
      { nickname: '카카오닉', profile_image: 'http://k.kakaocdn.example/img.jpg' },
      { name: '카카오닉', profileImage: 'http://k.kakaocdn.example/img.jpg' },
    ],
    ['nothing usable: null for both', { name: '  ', avatar_url: 7 }, { name: null, profileImage: null }],
  ])('%s', async (_case, metadata, expected) => {
    const { h, recorder } = recordedPage(await createWorld(), { edit: withMetadata(metadata) })
    await runCallback(h, await pkceCallback(h, 'GOOGLE', demoAccounts.google.email))
    expect(recorder.only('POST /api/v2/oauth/process').body).toEqual({
      supabaseUserId: demoAccounts.google.id,
      email: demoAccounts.google.email,
      provider: 'GOOGLE',
      ...expected,
    })
  })

  it("a new Kakao member's name and picture become the profile's", async () => {
    const picture = 'http://k.kakaocdn.example/new.jpg'
    const { h } = recordedPage(await createWorld(), {
      edit: withMetadata({ nickname: '새카카오', profile_image: picture }),
    })
    await runCallback(h, await pkceCallback(h, 'KAKAO', 'kakao.picture@coursekit.dev'))
    expect(h.auth.store.getState().profile).toMatchObject({ name: '새카카오', profileImage: picture })
  })
})
