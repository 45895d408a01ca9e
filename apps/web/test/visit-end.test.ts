import { describe, expect, it } from 'vitest'
import { setUpBrowser } from './browser.ts'
import { pauseClockNow } from './oauth-steps.ts'

const browser = setUpBrowser()
const TRACK_VISIT = '/api/v2/analytics/track-visit'
/** Spec section 9: a visit under 15 s counts as a bounce. */
const BOUNCE_SECONDS = 15

interface RecordedVisit {
  id: string
  visitDuration: number | null
  bounced: boolean | null
  updates: number
}

/**
 * A visit of /notices that lasts `stayMs` on the page's clock after it was recorded, then the page
 * is left (as a tab closes): what the server then holds of that visit. Only the beacon sent as the
 * page went away can have told it (Playwright does not report a beacon of a page being unloaded).
 */
async function visitLeftAfter(stayMs: number): Promise<RecordedVisit> {
  const { page } = await browser.device()
  await page.clock.install()
  const tracked = page.waitForResponse(
    (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === TRACK_VISIT,
  )
  await page.goto('/notices')
  const { sessionId } = (await (await tracked).json()) as { sessionId: string }
  // The visit's time passes on the page's clock alone from here.
  await pauseClockNow(page)
  await page.clock.runFor(stayMs)
  await page.goto('about:blank')
  let visit: RecordedVisit | undefined
  await expect
    .poll(
      async () => {
        const state = (await (await page.request.get('/__dev/state')).json()) as { visits: RecordedVisit[] }
        visit = state.visits.find((candidate) => candidate.id === sessionId)
        return visit?.updates ?? 0
      },
      { timeout: 10_000 },
    )
    .toBeGreaterThan(0)
  return visit!
}

describe('the end of a visit (spec sections 3, 7 and 9)', () => {
  it('leaving after 3 s: the beacon tells the server the visit lasted 3 s and bounced', async () => {
    const visit = await visitLeftAfter(3_000)
    expect(visit).toMatchObject({ bounced: true, updates: 1 })
    // 3 s on the clock, and what passed before the clock was paused (the visit's own recording).
    expect(visit.visitDuration).toBeGreaterThanOrEqual(3)
    expect(visit.visitDuration).toBeLessThan(BOUNCE_SECONDS)
  })

  it('the line is 15 s: a visit of 14 s and a bit is a bounce exactly when its whole seconds are under 15; one of 15 s is not', async () => {
    const short = await visitLeftAfter(14_000)
    expect(short.visitDuration).toBeGreaterThanOrEqual(14)
    expect(short.bounced).toBe((short.visitDuration ?? 0) < BOUNCE_SECONDS)
    const long = await visitLeftAfter(15_000)
    expect(long.visitDuration).toBeGreaterThanOrEqual(BOUNCE_SECONDS)
    expect(long.bounced).toBe(false)
  })
})
