import type { Page } from 'playwright-core'
import { expect } from 'vitest'

/** Where the video is, in seconds, and whether it is paused. */
export function playback(page: Page): Promise<{ time: number; paused: boolean; rate: number }> {
  return page.locator('video').evaluate((element: HTMLVideoElement) => ({
    time: element.currentTime,
    paused: element.paused,
    rate: element.playbackRate,
  }))
}

/** Opens a lesson and waits until its video knows its length (the page is ready to play). */
export async function openLesson(page: Page, path: string): Promise<void> {
  await page.goto(path)
  await page.locator('video').waitFor()
  await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1)
}

/** Plays with the keyboard, as a person would: focus on the video, Space. */
export async function playWithKeyboard(page: Page): Promise<void> {
  await page.locator('video').focus()
  await page.keyboard.press('Space')
}

/** Waits until the video really plays: its time moves past `seconds`. */
export async function playedPast(page: Page, seconds: number): Promise<void> {
  await page.waitForFunction((limit) => {
    const element = document.querySelector('video')
    return element !== null && !element.paused && element.currentTime > limit
  }, seconds)
}

const TRACKER = '/api/v2/session-tracker'

/** Session-tracker requests as the network sees them: `watch`, `end-watch`, `heartbeat`, ... with their body. */
export function trackerRequests(page: Page): { route: string; body: string }[] {
  const seen: { route: string; body: string }[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (pathname.startsWith(`${TRACKER}/`))
      seen.push({ route: pathname.slice(TRACKER.length + 1), body: request.postData() ?? '' })
  })
  return seen
}

/** Waits for the server to take this page's watch of a video. */
export function watchAccepted(page: Page): Promise<unknown> {
  return page.waitForResponse(
    (response) => new URL(response.url()).pathname === `${TRACKER}/watch` && response.status() === 200,
  )
}

/**
 * The sample clips last 6 to 10 s; a journey that needs minutes of one uninterrupted playback (a
 * simulated hour of heartbeats) loops the clip, which the page sees as playback that never pauses or ends.
 */
export function loopTheClip(page: Page): Promise<void> {
  return page.locator('video').evaluate((element: HTMLVideoElement) => {
    element.loop = true
  })
}

/**
 * Plays a lesson's last half second, as a person would (Space on the video), and waits for its
 * end. Polled from the test, so it works while the page's clock is paused.
 */
export async function playToTheEnd(page: Page): Promise<void> {
  await page.locator('video').evaluate((element: HTMLVideoElement) => {
    element.currentTime = Math.max(0, element.duration - 0.5)
  })
  await playWithKeyboard(page)
  await expect
    .poll(() => page.locator('video').evaluate((element: HTMLVideoElement) => element.ended), { timeout: 10_000 })
    .toBe(true)
}
