import { describe, expect, it } from 'vitest'
import { testLearner } from './accounts.ts'
import { setUpDesktop } from './desktop-browser.ts'
import { AUTH_TOKEN_KEY } from './desktop-host.ts'
import { expectListedAsDesktopApp, expectProxiedToApi } from './desktop-steps.ts'
import { loopTheClip, openLesson, playback, playedPast, playWithKeyboard } from './lesson-player-steps.ts'
import { clickAndSave, isMaterialsPdf } from './materials-steps.ts'
import { signInAs } from './sign-in-steps.ts'

const desktop = setUpDesktop()
const MINUTE = 60_000

describe("the learner app in the desktop wrapper (Chromium, the wrapper's bridge): lessons", () => {
  it('watches a lesson: its video in Range requests through the proxy (206), the watch, and a heartbeat each simulated minute', async () => {
    const learner = testLearner('desktop-watch')
    const device = await desktop.device()
    const { page, host } = device
    await page.clock.install()
    await signInAs(page, learner)
    await desktop.expectNoTokenInPages(device)
    await openLesson(page, '/courses/101/lessons/1003')
    // The video's requests (its captions, text, come through the proxy too: their own test).
    const media = host.proxied().filter((entry) => /^\/media\/.+\.(?:mp4|webm)$/.test(new URL(entry.url).pathname))
    expect(media.length).toBeGreaterThan(0)
    expect(media.map((entry) => [entry.status, entry.encoding])).toEqual(media.map(() => [206, 'base64']))
    // The element plays the proxied bytes from memory, never the media URL itself.
    expect(await page.locator('video').evaluate((video: HTMLVideoElement) => video.currentSrc)).toMatch(/^blob:/)

    await loopTheClip(page)
    await playWithKeyboard(page)
    await expect.poll(() => host.proxied('/session-tracker/watch').map((entry) => entry.status)).toEqual([200])
    await playedPast(page, 0.2)
    const heartbeats = () => host.proxied('/session-tracker/heartbeat').filter((entry) => entry.status === 200).length
    const before = heartbeats()
    for (let minute = 1; minute <= 5; minute++) {
      await page.clock.runFor(MINUTE)
      await expect.poll(heartbeats).toBeGreaterThanOrEqual(before + minute)
    }
    expect(heartbeats()).toBe(before + 5)
    expect((await playback(page)).paused).toBe(false)

    // Leaving the lesson for /my/devices ends the watch, through the proxy too.
    expect(host.proxied('/session-tracker/end-watch')).toEqual([])
    await expectListedAsDesktopApp(page)
    await expect.poll(() => host.proxied('/session-tracker/end-watch').map((entry) => entry.status)).toEqual([200])
    expectProxiedToApi(host, desktop.apiOrigin)
  })

  it('ends the watch through the proxy when the page goes away mid-lesson (the beacon at pagehide)', async () => {
    const learner = testLearner('desktop-leave')
    const device = await desktop.device()
    const { page, host } = device
    await signInAs(page, learner)
    await openLesson(page, '/courses/101/lessons/1003')
    await loopTheClip(page)
    await playWithKeyboard(page)
    await expect.poll(() => host.proxied('/session-tracker/watch').map((entry) => entry.status)).toEqual([200])
    expect(host.proxied('/session-tracker/end-watch')).toEqual([])

    await page.goto('about:blank')
    // In real time: the page's keepalive post to the host, the host's request to the API and its
    // answer, which a loaded machine can take past vitest's default second.
    await expect
      .poll(() => host.proxied('/session-tracker/end-watch').map((entry) => entry.status), { timeout: 10_000 })
      .toEqual([200])
    expectProxiedToApi(host, desktop.apiOrigin)
  })

  it("shows a lesson's captions from the proxy: the .vtt fetched through it, the track a blob URL, its Korean cues parsed", async () => {
    const learner = testLearner('desktop-captions')
    const device = await desktop.device()
    const { page, host } = device
    await signInAs(page, learner)
    await openLesson(page, '/courses/101/lessons/1002')
    const track = page.locator('video > track')
    await track.waitFor({ state: 'attached' })
    expect(await track.evaluate((element: HTMLTrackElement) => element.src)).toMatch(/^blob:/)
    const captionsFile = host.proxied().filter((entry) => new URL(entry.url).pathname === '/media/video-101-2.vtt')
    expect(captionsFile.map((entry) => [entry.status, entry.encoding])).toEqual([[206, 'text']])

    await page.getByRole('button', { name: '자막', exact: true }).click()
    const cues = () =>
      page.locator('video').evaluate((video: HTMLVideoElement) => {
        const captions = Array.from(video.textTracks).find((item) => item.kind === 'captions')
        return { mode: captions?.mode, cues: Array.from(captions?.cues ?? []).map((cue) => (cue as VTTCue).text) }
      })
    await expect.poll(async () => (await cues()).cues.length).toBe(4)
    expect(await cues()).toMatchObject({ mode: 'showing', cues: expect.arrayContaining(['코스킷 예제 영상 B입니다.']) })
    expectProxiedToApi(host, desktop.apiOrigin)
  })

  it("saves a lesson's materials through the proxy: a binary body, 2강 수업 자료.pdf byte for byte", async () => {
    const learner = testLearner('desktop-materials')
    const device = await desktop.device()
    const { page, host } = device
    await signInAs(page, learner)
    await desktop.expectNoTokenInPages(device)
    await openLesson(page, '/courses/101/lessons/1002')
    const saved = await clickAndSave(page)
    expect(saved.filename).toBe('2강 수업 자료.pdf')
    expect(isMaterialsPdf(saved.bytes)).toBe(true)
    expect(host.proxied('/api/v2/lessons/1002/materials')).toMatchObject([
      { method: 'GET', status: 200, encoding: 'base64' },
    ])
    // What the server serves this learner, fetched here in Node with their token.
    const served = await fetch(`${desktop.apiOrigin}/api/v2/lessons/1002/materials`, {
      headers: { authorization: `Bearer ${host.tokens.get(AUTH_TOKEN_KEY)}` },
    })
    expect(saved.bytes).toEqual(new Uint8Array(await served.arrayBuffer()))
    expectProxiedToApi(host, desktop.apiOrigin)
    await expectListedAsDesktopApp(page)
  })

  it("shows the course and banner pictures through the proxy, from memory: the page never asks the API's origin itself", async () => {
    const device = await desktop.device()
    const { page, host } = device
    await page.goto('/')
    const shelf = page.getByRole('region', { name: '인기 강의' })
    const picture = shelf.getByRole('img', { name: '실무 React 완벽 가이드' })
    await picture.waitFor()
    await expect
      .poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBe(640)
    expect(await picture.getAttribute('src')).toMatch(/^blob:/)
    const banner = page.getByRole('region', { name: '진행 중인 이벤트' }).locator('img').first()
    await expect
      .poll(() => banner.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBe(800)
    const pictures = host.proxied().filter((entry) => new URL(entry.url).pathname.startsWith('/media/images/'))
    expect(pictures.map((entry) => entry.status)).toContain(200)
    expect(pictures.every((entry) => entry.status === 200)).toBe(true)
    expectProxiedToApi(host, desktop.apiOrigin)
    // device.direct (checked after each test) is empty: no picture was asked for by the page itself.
  })
})
