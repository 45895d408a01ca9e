import type { BrowserContext, Request } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { testLearner } from './accounts.ts'
import { setUpBrowser } from './browser.ts'
import { deviceRows, HEARTBEAT_IDLE_INTERVAL_MS, openMyDevices, sessionIdOf } from './device-steps.ts'
import { signInAs } from './sign-in-steps.ts'

const browser = setUpBrowser()

const HOUR = 60 * 60_000

const isRefresh = (request: Request) => {
  const url = new URL(request.url())
  return (
    request.method() === 'POST' &&
    url.pathname === '/auth/v1/token' &&
    url.searchParams.get('grant_type') === 'refresh_token'
  )
}
const isHeartbeat = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === '/api/v2/session-tracker/heartbeat'

/** Every refresh any page of the device sends, as the network sees it. */
function countRefreshes(context: BrowserContext): Request[] {
  const refreshes: Request[] = []
  context.on('request', (request) => {
    if (isRefresh(request)) refreshes.push(request)
  })
  return refreshes
}

/**
 * A learner whose PC clock is an hour ahead of the auth server's, with the server's hour-long
 * tokens: by its own clock every fresh token is already spent. The client judges expiry by the
 * server's times (core auth/server-clock.ts), so it refreshes as often as the token's life asks,
 * not in a loop, and stays signed in.
 */
describe('a PC clock an hour ahead of the server', () => {
  // Skipped: counted 2 refreshes once in a clean-clone run under load. A tab granted the refresh
  // lock with no word yet of the other tab's new session waits REFRESH_WORD_WAIT_MS on its clock for
  // the word (auth-refresh.ts); this test fast-forwards that clock with runFor, so when the grant
  // lands inside a runFor the wait is over in no real time, before the word (already posted) is
  // delivered. What would make it deterministic: the holder states its new expiry where the grant
  // is ordered (a held Web Lock named by it, read with navigator.locks.query after the grant).
  it.skip('two tabs idle a simulated hour: at most one refresh between them, both still signed in', async () => {
    const learner = testLearner('clock-ahead')
    const { page: first, context } = await browser.device({ width: 1280, height: 800 })
    await first.clock.install({ time: Date.now() + HOUR })
    const refreshes = countRefreshes(context)
    await signInAs(first, learner)
    const { page: second } = await browser.tab(context)
    await second.goto('/')
    await second.getByText(`${learner.nickname}님`).waitFor()
    expect(await sessionIdOf(second)).toBe(await sessionIdOf(first))

    // An idle hour, one heartbeat interval at a time, each ending with its heartbeat answered.
    for (let interval = 0; interval < 3; interval++) {
      const beat = context.waitForEvent('request', isHeartbeat)
      await first.clock.runFor(HEARTBEAT_IDLE_INTERVAL_MS)
      const response = await (await beat).response()
      expect(response?.status()).toBe(200)
    }
    // A refresh sent late in the hour lands, and the token it brings is not taken as spent either:
    // supabase-js's 30 s tick runs a few more times without refreshing again.
    for (const refresh of refreshes) expect((await refresh.response())?.status()).toBe(200)
    await first.clock.runFor(2 * 60_000)

    expect(refreshes.length).toBeLessThanOrEqual(1)
    for (const page of [first, second]) {
      expect(new URL(page.url()).pathname).toBe('/')
      await page.getByText(`${learner.nickname}님`).waitFor()
    }
    // Still one signed-in device, whose token the platform API takes.
    await openMyDevices(second)
    expect(await deviceRows(second).count()).toBe(1)
  })
})
