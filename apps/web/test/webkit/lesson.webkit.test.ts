import { Key } from '@coursekit/test-browser'
import { describe, expect, it } from 'vitest'
import { testLearner } from '../accounts.ts'
import { setUpWebKit, WEBKIT_JOURNEY } from './webkit-browser.ts'
import {
  openDialog,
  openLesson,
  pausedNow,
  playback,
  playedPast,
  playWithKeyboard,
  signInAs,
  untilDialog,
  untilNoDialog,
  watchAccepted,
} from './webkit-steps.ts'

const webkit = setUpWebKit()
const LESSON = '/courses/101/lessons/1003'

describe('watching a lesson in WebKitGTK (GStreamer decodes the MP4 clips)', WEBKIT_JOURNEY, () => {
  it('Space on the video plays its MP4 (its time moves on, its frames decode), → moves 5 s, Space pauses', async () => {
    const device = await webkit.device()
    await signInAs(device, testLearner('webkit-player'))
    await openLesson(device, LESSON)
    expect(await playback(device)).toEqual({ time: 0, paused: true })
    await playWithKeyboard(device)
    await playedPast(device, 0.5)
    // Frames decode too, not only the clock: the video knows its picture's size.
    expect(await device.evaluate<number>('return document.querySelector("video").videoWidth')).toBeGreaterThan(0)
    // WebKit takes the first source, the MP4 (H.264 + AAC), as Safari on an iPhone does.
    const source = await device.evaluate<string>('return document.querySelector("video").currentSrc')
    expect(new URL(source).pathname).toMatch(/^\/media\/[^/]+\.mp4$/)

    // → moves 5 s and it plays on from there (WebKit seeks through Range requests); Space pauses.
    const before = (await playback(device)).time
    await device.driver.actions().sendKeys(Key.ARROW_RIGHT).perform()
    const after = (await playback(device)).time
    expect(after - before).toBeGreaterThanOrEqual(4.9)
    expect(after - before).toBeLessThan(6)
    await playedPast(device, after + 0.2)
    await device.driver.actions().sendKeys(Key.SPACE).perform()
    await pausedNow(device)
  })

  it("watching on A, playing on B: B's conflict dialog, B's video paused; terminate others and B plays", async () => {
    const learner = testLearner('webkit-conflict')
    const a = await webkit.device()
    await signInAs(a, learner)
    const b = await webkit.device()
    await signInAs(b, learner)
    await openLesson(b, LESSON)

    await openLesson(a, LESSON)
    await playWithKeyboard(a)
    await playedPast(a, 0.2)
    const videoId = await watchAccepted(a)

    await playWithKeyboard(b)
    await untilDialog(b, '다른 기기에서 시청 중입니다')
    await pausedNow(b)
    await b.click('다른 기기 시청 종료', '//dialog')
    await b.untilText('다른 기기 시청이 종료되었습니다.')
    await untilNoDialog(b)
    await watchAccepted(b, videoId)
    await playedPast(b, 0.2)
    expect(await openDialog(b)).toBeNull()
  })
})
