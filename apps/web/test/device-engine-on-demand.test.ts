import type { Page } from '@coursekit/test-browser'
import { describe, expect, it } from 'vitest'
import { testLearner } from './accounts.ts'
import { setUpBrowser } from './browser.ts'
import { signInAs } from './sign-in-steps.ts'

const browser = setUpBrowser()

/**
 * Counts the page's requests for the script chunk of the device session's engine; the heartbeat
 * lock's name is its marker, as in first-load-size.test.ts.
 */
async function watchDeviceEngine(page: Page): Promise<{ count: () => number }> {
  let requests = 0
  await page.route('**/assets/*.js', async (route) => {
    const response = await route.fetch()
    const body = await response.text()
    if (body.includes('coursekit.device-heartbeat:')) requests++
    await route.fulfill({ response, body })
  })
  return { count: () => requests }
}

describe('the device session loads when someone signs in (issue 28)', () => {
  it('a signed-out visitor on /, /courses and a course never fetches it; a sign-in fetches it once and registers', async () => {
    const learner = testLearner('device-engine')
    const { page } = await browser.device()
    const engine = await watchDeviceEngine(page)
    let registrations = 0
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v2/session-tracker') registrations++
    })
    await page.goto('/')
    await page.getByRole('heading', { level: 2, name: '인기 강의' }).waitFor()
    await page.goto('/courses')
    await page.waitForLoadState('networkidle')
    await page.goto('/courses/101')
    await page.waitForLoadState('networkidle')
    expect(engine.count()).toBe(0)
    expect(registrations).toBe(0)

    await signInAs(page, learner)
    await expect.poll(() => registrations).toBe(1)
    expect(engine.count()).toBe(1)
    expect(await page.evaluate(() => localStorage.getItem('session_id'))).toMatch(/_[0-9a-f]{32}$/)
  })
})
