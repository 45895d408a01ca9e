import { describe, expect, it } from 'vitest'
import { testLearner } from './accounts.ts'
import { seriousViolations } from './axe.ts'
import { setUpBrowser } from './browser.ts'
import { openLesson, playback, playedPast, playWithKeyboard } from './lesson-player-steps.ts'
import { onlyFailedLoads, signInAs } from './sign-in-steps.ts'

const browser = setUpBrowser()

describe('the lesson player', () => {
  it('works with the keyboard alone: Space plays (the MP4 decodes and plays), ← and → move 5 s (media comes as Range requests, 206), Space pauses, the speed is chosen and remembered', async () => {
    const learner = testLearner('player-keyboard')
    const { page } = await browser.device({ width: 1280, height: 800 })
    await signInAs(page, learner)
    // Every media request is a Range request, answered 206 with its Content-Range, which is what
    // lets Chromium seek. (The sample clips are under 100 KB: the first range brings the whole clip,
    // and a seek then plays from what is buffered.)
    const media: { path: string; range: string; status: number; contentRange: string }[] = []
    page.on('response', async (response) => {
      const path = new URL(response.url()).pathname
      // The clip's requests (the page's pictures and captions are under /media/ too).
      if (!/^\/media\/[\w-]+\.(?:mp4|webm)$/.test(path)) return
      const range = (await response.request().allHeaders()).range ?? 'none'
      media.push({
        path,
        range,
        status: response.status(),
        contentRange: response.headers()['content-range'] ?? 'none',
      })
    })
    await openLesson(page, '/courses/101/lessons/1003')

    // Tab from the skip link to the video, with the keyboard only.
    const focused = () => page.evaluate(() => document.activeElement?.tagName)
    for (let step = 0; step < 40 && (await focused()) !== 'VIDEO'; step++) await page.keyboard.press('Tab')
    expect(await focused()).toBe('VIDEO')
    const outline = await page.locator('video').evaluate((element) => getComputedStyle(element).outlineStyle)
    expect(outline).toBe('solid')

    await page.keyboard.press('Space')
    await playedPast(page, 0.3)
    const before = (await playback(page)).time
    await page.keyboard.press('ArrowRight')
    const after = (await playback(page)).time
    expect(after - before).toBeGreaterThanOrEqual(4.9)
    expect(after - before).toBeLessThan(6)
    await playedPast(page, after + 0.2)
    // The first source, the MP4: this Chromium decodes H.264, so the WebM is never fetched.
    expect(await page.locator('video').evaluate((element: HTMLVideoElement) => element.currentSrc)).toMatch(
      /\/media\/video-101-3\.mp4$/,
    )
    expect(media.length).toBeGreaterThan(0)
    for (const { path, range, status, contentRange } of media) {
      expect(path).toBe('/media/video-101-3.mp4')
      expect(range).toMatch(/^bytes=\d+-/)
      expect(status).toBe(206)
      expect(contentRange).toMatch(/^bytes \d+-\d+\/\d+$/)
    }
    await page.keyboard.press('ArrowLeft')
    expect((await playback(page)).time).toBeLessThan(after)
    await page.keyboard.press('Space')
    await page.waitForFunction(() => document.querySelector('video')?.paused === true)
    await page.waitForTimeout(300)
    expect((await playback(page)).paused).toBe(true)

    // The speed control: Tab to it, choose 1.5×; the next lesson plays at 1.5× too.
    const speed = page.getByRole('combobox', { name: '재생 속도' })
    await speed.focus()
    await speed.selectOption('1.5')
    expect((await playback(page)).rate).toBe(1.5)
    await page.getByRole('link', { name: /다음 수업/ }).focus()
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.pathname === '/courses/101/lessons/1004')
    await page.locator('video').waitFor()
    expect((await playback(page)).rate).toBe(1.5)
    expect(await speed.inputValue()).toBe('1.5')
  })

  it('plays the WebM when the MP4 cannot be had, as a browser without H.264 does', async () => {
    const learner = testLearner('player-webm')
    const { page, errors } = await browser.device({ width: 1280, height: 800 })
    await signInAs(page, learner)
    await page.route('**/media/*.mp4', (route) => route.fulfill({ status: 404 }))
    await openLesson(page, '/courses/101/lessons/1002')
    await playWithKeyboard(page)
    await playedPast(page, 0.3)
    expect(await page.locator('video').evaluate((element: HTMLVideoElement) => element.currentSrc)).toMatch(
      /\/media\/video-101-2\.webm$/,
    )
    // The MP4 this test refused, and nothing else.
    expect(onlyFailedLoads(errors, [404])).toBe(true)
    errors.length = 0
  })

  it('axe finds nothing serious at 390 and 1280 px; the 16:9 box is reserved before the video loads (no layout shift)', async () => {
    const learner = testLearner('player-axe')
    const { page } = await browser.device()
    await signInAs(page, learner)
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/api/v2/lessons**', async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/courses/101/lessons/1002')
    const box = page.locator('[aria-busy] .aspect-video')
    await box.waitFor()
    // Measured from the top of <main>: the header above it (whose menu grows a row on a phone once
    // the signed-in items arrive) is the shell's business, the page below it is this page's.
    const fromMain = (element: Element) =>
      element.getBoundingClientRect().top - (document.querySelector('main')?.getBoundingClientRect().top ?? 0)
    const reserved = await box.boundingBox()
    const reservedTop = await box.evaluate(fromMain)
    release()
    await page.locator('video').waitFor()
    const loaded = await page.locator('video').boundingBox()
    expect(await page.locator('video').evaluate(fromMain)).toBe(reservedTop)
    expect(loaded?.height).toBeCloseTo(reserved?.height ?? 0, 0)
    expect(Math.round(((loaded?.width ?? 0) / (loaded?.height ?? 1)) * 9)).toBe(16)
    expect(await seriousViolations(page)).toEqual([])
    await page.setViewportSize({ width: 1280, height: 800 })
    expect(await seriousViolations(page)).toEqual([])
    // Phones: nothing wider than the screen.
    await page.setViewportSize({ width: 360, height: 740 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  })
})
