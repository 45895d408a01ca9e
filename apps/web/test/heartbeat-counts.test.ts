import type { BrowserContext, Request } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { testLearner } from './accounts.ts'
import { setUpBrowser } from './browser.ts'
import { deviceRows, HEARTBEAT_IDLE_INTERVAL_MS, openMyDevices, sessionIdOf } from './device-steps.ts'
import { signInAs } from './sign-in-steps.ts'

const browser = setUpBrowser()

const path = (request: Request) => new URL(request.url()).pathname
const isHeartbeat = (request: Request) =>
  request.method() === 'POST' && path(request) === '/api/v2/session-tracker/heartbeat'
const isRegistration = (request: Request) => request.method() === 'POST' && path(request) === '/api/v2/session-tracker'

/** Every heartbeat any page of the device sends, as the network sees it. */
function countHeartbeats(context: BrowserContext): Request[] {
  const beats: Request[] = []
  context.on('request', (request) => {
    if (isHeartbeat(request)) beats.push(request)
  })
  return beats
}

/** Runs the device's clock a simulated hour, one idle interval at a time, each ending with its heartbeat on the wire. */
async function anIdleHour(context: BrowserContext, beats: Request[]): Promise<number[]> {
  const perInterval: number[] = []
  const clock = context.pages()[0]!.clock
  for (let interval = 0; interval < 3; interval++) {
    const before = beats.length
    const beat = context.waitForEvent('request', isHeartbeat)
    await clock.runFor(HEARTBEAT_IDLE_INTERVAL_MS)
    await beat
    perInterval.push(beats.length - before)
  }
  return perInterval
}

describe('heartbeats at the network (spec §9)', () => {
  it('idle: three in a simulated hour, one every 20 minutes', async () => {
    const { page, context } = await browser.device()
    await page.clock.install()
    const beats = countHeartbeats(context)
    await signInAs(page, testLearner('beats-idle'))
    expect(await anIdleHour(context, beats)).toEqual([1, 1, 1])
    expect(beats).toHaveLength(3)
  })

  it('two tabs of one browser are one device: one stream of three an hour between them', async () => {
    const learner = testLearner('beats-tabs')
    const { page: first, context } = await browser.device({ width: 1280, height: 800 })
    await first.clock.install()
    const beats = countHeartbeats(context)
    await signInAs(first, learner)
    const { page: second } = await browser.tab(context)
    await second.goto('/')
    await second.getByText(`${learner.nickname}님`).waitFor()
    expect(await sessionIdOf(second)).toBe(await sessionIdOf(first))
    expect(await anIdleHour(context, beats)).toEqual([1, 1, 1])
    expect(beats).toHaveLength(3)
    // Both tabs are open and signed in all along: the one stream is theirs together.
    await openMyDevices(second)
    expect(await deviceRows(second).count()).toBe(1)
  })

  it('a reload is the same device: it registers its own session id again, no new one', async () => {
    const learner = testLearner('beats-reload')
    const { page, context } = await browser.device()
    const registered: string[] = []
    context.on('request', (request) => {
      if (isRegistration(request)) registered.push((request.postDataJSON() as { sessionId: string }).sessionId)
    })
    await signInAs(page, learner)
    const sessionId = await sessionIdOf(page)
    const again = context.waitForEvent('request', isRegistration)
    await page.reload()
    await again
    await page.getByText(`${learner.nickname}님`).waitFor()
    expect(await sessionIdOf(page)).toBe(sessionId)
    expect(registered.length).toBeGreaterThanOrEqual(2)
    expect(new Set(registered)).toEqual(new Set([sessionId]))
    await openMyDevices(page)
    expect(await deviceRows(page).count()).toBe(1)
  })
})
