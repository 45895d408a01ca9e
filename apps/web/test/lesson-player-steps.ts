import type { Page } from 'playwright-core'

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
