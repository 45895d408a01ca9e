import type { BrowserContext, Request } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { testLearner } from './accounts.ts'
import { setUpBrowser } from './browser.ts'
import { deviceRows, HEARTBEAT_IDLE_INTERVAL_MS, openMyDevices, sessionIdOf } from './device-steps.ts'
import { lagOtherTabs } from './lagging-tabs.ts'
import { signInAs } from './sign-in-steps.ts'

const browser = setUpBrowser()

const HOUR = 60 * 60_000
/** The channel on which a tab's refresh tells the others its new session (core lockNames.tokenRefresh). */
const REFRESH_CHANNEL = 'coursekit.auth.refresh'

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
  // Both tabs' timers fire at once, inside a runFor that moves the clock faster than a channel's
  // message travels; and here the other tab's word and storage writes come late, after the refresh
  // lock's grant, as between renderer processes. The tab granted the lock second learns of the
  // first tab's refresh from the lock that tab holds (its mark, core refresh-holding-lock.ts), and
  // waits for the session rather than spend the refresh token again.
  it('two tabs idle a simulated hour: at most one refresh between them, both still signed in', async () => {
    const learner = testLearner('clock-ahead')
    const { page: first, context } = await browser.device({ width: 1280, height: 800 })
    await lagOtherTabs(context, REFRESH_CHANNEL)
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
