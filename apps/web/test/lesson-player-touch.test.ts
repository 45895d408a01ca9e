import { describe, expect, it } from 'vitest'
import { testLearner } from './accounts.ts'
import { seriousViolations } from './axe.ts'
import { setUpBrowser } from './browser.ts'
import { openLesson, playback, playedPast } from './lesson-player-steps.ts'
import { signInAs } from './sign-in-steps.ts'

const browser = setUpBrowser()
const KEY_HINTS = '스페이스 재생·일시정지 · ←/→ 5초 이동'

describe('the lesson player on a touch screen', () => {
  it('a phone (390 px, touch): the video edge to edge, a tap on the picture plays and a second pauses, no keyboard hints; axe finds nothing serious', async () => {
    const { page } = await browser.device({ width: 390, height: 844, hasTouch: true })
    await signInAs(page, testLearner('player-touch'))
    await openLesson(page, '/courses/101/lessons/1003')
    expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true)

    // Full-bleed: out of the page's side padding, the screen's whole width, square corners.
    const box = await page.locator('video').boundingBox()
    expect(box).toMatchObject({ x: 0, width: 390 })
    expect(Math.round(((box?.width ?? 0) / (box?.height ?? 1)) * 9)).toBe(16)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390)

    await expect.poll(() => page.getByText(KEY_HINTS).isVisible()).toBe(false)

    // A tap in the middle of the picture (not on the browser's control bar at the bottom).
    const centre = { x: (box?.x ?? 0) + (box?.width ?? 0) / 2, y: (box?.y ?? 0) + (box?.height ?? 0) / 3 }
    expect((await playback(page)).paused).toBe(true)
    await page.touchscreen.tap(centre.x, centre.y)
    await playedPast(page, 0.3)
    await page.touchscreen.tap(centre.x, centre.y)
    await page.waitForFunction(() => document.querySelector('video')?.paused === true)
    const pausedAt = (await playback(page)).time
    await page.touchscreen.tap(centre.x, centre.y)
    await playedPast(page, pausedAt + 0.2)
    await page.touchscreen.tap(centre.x, centre.y)
    await page.waitForFunction(() => document.querySelector('video')?.paused === true)

    expect(await seriousViolations(page)).toEqual([])
  })

  it('a laptop (1280 px, a mouse): the keyboard hints show, the player is a rounded card inside the page, and no tap layer covers the video', async () => {
    const { page } = await browser.device({ width: 1280, height: 800 })
    await openLesson(page, '/courses/101/lessons/1001')
    expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(false)
    await expect.poll(() => page.getByText(KEY_HINTS).isVisible()).toBe(true)
    const box = await page.locator('video').boundingBox()
    expect(box?.x).toBeGreaterThan(0)
    const frame = page.locator('video').locator('..')
    expect(await frame.evaluate((element) => getComputedStyle(element).borderTopLeftRadius)).not.toBe('0px')
    expect(await page.getByTestId('tap-to-play').isVisible()).toBe(false)
    // The element at the picture's centre is the video itself, so its own controls get the click.
    const centreTag = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.tagName, {
      x: (box?.x ?? 0) + (box?.width ?? 0) / 2,
      y: (box?.y ?? 0) + (box?.height ?? 0) / 2,
    })
    expect(centreTag).toBe('VIDEO')
  })
})
