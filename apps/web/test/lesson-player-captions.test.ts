import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { testLearner } from './accounts.ts'
import { seriousViolations } from './axe.ts'
import { setUpBrowser } from './browser.ts'
import { openLesson } from './lesson-player-steps.ts'
import { signInAs } from './sign-in-steps.ts'

const browser = setUpBrowser()

/** The video's captions track as the browser holds it: its mode and the cues it parsed. */
function captions(page: Page): Promise<{ mode: string; cues: string[] } | null> {
  return page.locator('video').evaluate((video: HTMLVideoElement) => {
    const track = Array.from(video.textTracks).find((item) => item.kind === 'captions' && item.language === 'ko')
    if (!track) return null
    return { mode: track.mode, cues: Array.from(track.cues ?? []).map((cue) => (cue as VTTCue).text) }
  })
}

describe("the lesson player's captions", () => {
  it('a Korean captions track on the video, 자막 off at first; on, its cues show; remembered on the next lesson and after a reload, and off too', async () => {
    const { page } = await browser.device({ width: 1280, height: 800 })
    await signInAs(page, testLearner('player-captions'))
    await openLesson(page, '/courses/101/lessons/1002')
    const track = page.locator('video > track')
    await track.waitFor({ state: 'attached' })
    expect(
      await track.evaluate((element: HTMLTrackElement) => ({
        kind: element.kind,
        srclang: element.srclang,
        label: element.label,
        src: new URL(element.src).pathname,
      })),
    ).toEqual({ kind: 'captions', srclang: 'ko', label: '한국어', src: '/media/video-101-2.vtt' })

    const toggle = page.getByRole('button', { name: '자막', exact: true })
    expect(await toggle.getAttribute('aria-pressed')).toBe('false')
    expect((await captions(page))?.mode).toBe('disabled')

    await toggle.click()
    expect(await toggle.getAttribute('aria-pressed')).toBe('true')
    await expect.poll(async () => (await captions(page))?.cues.length).toBe(4)
    expect(await captions(page)).toMatchObject({
      mode: 'showing',
      cues: expect.arrayContaining(['코스킷 예제 영상 B입니다.']),
    })
    expect(await seriousViolations(page)).toEqual([])

    await page.reload()
    await openLesson(page, '/courses/101/lessons/1002')
    expect(await toggle.getAttribute('aria-pressed')).toBe('true')
    await expect.poll(async () => (await captions(page))?.mode).toBe('showing')

    // The next lesson's own captions, on as well.
    await page.getByRole('link', { name: /다음 수업/ }).click()
    await page.waitForURL((url) => url.pathname === '/courses/101/lessons/1003')
    await expect.poll(async () => (await captions(page))?.cues.length).toBe(5)
    expect((await captions(page))?.mode).toBe('showing')

    await toggle.click()
    expect(await toggle.getAttribute('aria-pressed')).toBe('false')
    expect((await captions(page))?.mode).toBe('disabled')
    await page.reload()
    await openLesson(page, '/courses/101/lessons/1003')
    await page.locator('video > track').waitFor({ state: 'attached' })
    expect(await toggle.getAttribute('aria-pressed')).toBe('false')
    expect((await captions(page))?.mode).toBe('disabled')

    // Captions turned on in the browser's own captions menu are the learner's choice too.
    await page.locator('video').evaluate((video: HTMLVideoElement) => {
      const track = Array.from(video.textTracks).find((item) => item.kind === 'captions')
      if (track) track.mode = 'showing'
    })
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true')
    expect(await page.evaluate(() => localStorage.getItem('coursekit.captions'))).toBe('on')

    await page.setViewportSize({ width: 390, height: 844 })
    expect(await seriousViolations(page)).toEqual([])
  })

  it("the mock's captions route: each lesson's .vtt as text/vtt, a WebVTT file", async () => {
    const { page } = await browser.device()
    const answer = await page.request.get('/media/video-101-1.vtt')
    expect(answer.status()).toBe(200)
    expect(answer.headers()['content-type']).toBe('text/vtt; charset=utf-8')
    const text = await answer.text()
    expect(text.split('\n')[0]).toBe('WEBVTT')
    expect(text).toContain('00:00:04.000 --> 00:00:06.000')
    expect((await page.request.get('/media/video-999-1.vtt')).status()).toBe(404)
  })
})
