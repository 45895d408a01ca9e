import { demoAccounts } from '@coursekit/mock-server'
import { createWorld } from '@coursekit/testkit'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type AuthPage, authPage } from '../auth-test-page.ts'
// The callback's handler is a chunk the service loads when the callback first runs: loaded here
// first, so the simulated clock below does not race past a cold import in real time.
import './oauth-callback.ts'
import { encodeOAuthState } from './oauth-state.ts'
import { attackTarget, DOT_SEGMENT_ESCAPES, staysOn } from './redirect-target-arbitraries.ts'

const ORIGIN = 'https://app.example'
const CALLBACK = `${ORIGIN}/auth/callback`

/** The app at ORIGIN, which the backend's redirect allow list names, as a project names its app. */
const appAt = async () =>
  authPage(await createWorld({ redirectAllowList: [`${ORIGIN}/**`] }), {
    url: `${ORIGIN}/courses/101`,
  })

/**
 * The /auth/callback URL of a fresh Google sign-in (PKCE): its code and state as the provider sends
 * the browser back with them, and redirectAfterOAuth saved by the start.
 */
async function freshCallbackUrl(h: AuthPage): Promise<URL> {
  h.platform.setLocation(`${ORIGIN}/courses/101`)
  const started = await h.auth.signInWithOAuth('GOOGLE', { redirect: false })
  if (started.status !== 'redirecting') throw new Error('the OAuth start failed')
  const consent = new URL(started.url)
  consent.pathname += '/consent'
  consent.searchParams.set('email', demoAccounts.google.email)
  const answer = await h.backend.fetch(consent, { redirect: 'manual' })
  const location = new URL(answer.headers.get('location')!)
  expect(`${location.origin}${location.pathname}`).toBe(CALLBACK)
  return location
}

/** Runs the callback at `url` until it has settled and its delayed navigation ran: where the page went (hrefs). */
async function pagesAfterCallback(h: AuthPage, url: URL): Promise<string[]> {
  const before = h.platform.navigations.length
  h.platform.setLocation(url.href)
  let settled = false
  const pending = h.auth.handleOAuthCallback().finally(() => {
    settled = true
  })
  for (let waited = 0; !settled && waited < 10_000; waited += 100) await h.advance(100, 100)
  expect((await pending).status).toBe('signed-in')
  await h.advance(1_000, 100)
  return h.platform.navigations.slice(before).map((navigation) => navigation.href)
}

/** Each way a target reaches the callback: the `redirect` query, the `state` parameter, the saved redirectAfterOAuth. */
const channels: Record<string, (h: AuthPage, url: URL, target: string) => void> = {
  'redirect query': (_h, url, target) => url.searchParams.set('redirect', target),
  state: (_h, url, target) => url.searchParams.set('state', encodeOAuthState({ redirectAfterLogin: target })),
  'saved target': (h, url, target) => {
    // Without a state the saved target is the one used.
    url.searchParams.delete('state')
    h.platform.storage.set('redirectAfterOAuth', target)
  },
}

async function pagesForTarget(h: AuthPage, channel: string, target: string): Promise<string[]> {
  const url = await freshCallbackUrl(h)
  channels[channel]!(h, url, target)
  return pagesAfterCallback(h, url)
}

describe('OAuth callback: the page it goes to is a page of the app', () => {
  it('/auth/callback?redirect=%2F.%2F%2Fevil.example%2Fphish lands the signed-in user on the app, not on evil.example', async () => {
    const h = await appAt()
    const url = await freshCallbackUrl(h)
    url.search += '&redirect=%2F.%2F%2Fevil.example%2Fphish'
    expect(await pagesAfterCallback(h, url)).toEqual([`${ORIGIN}/`])
  })

  for (const channel of Object.keys(channels)) {
    it(`through the ${channel}: the dot-segment escapes of issue 14 land on /`, async () => {
      const h = await appAt()
      for (const target of DOT_SEGMENT_ESCAPES) {
        expect([target, await pagesForTarget(h, channel, target)]).toEqual([target, [`${ORIGIN}/`]])
      }
    })

    it(`through the ${channel}: no generated target leaves the origin`, async () => {
      const h = await appAt()
      await fc.assert(
        fc.asyncProperty(attackTarget, async (target) => {
          for (const page of await pagesForTarget(h, channel, target)) {
            expect([target, page, staysOn(CALLBACK, page)]).toEqual([target, page, true])
          }
        }),
        { numRuns: 100 },
      )
    })
  }
})
