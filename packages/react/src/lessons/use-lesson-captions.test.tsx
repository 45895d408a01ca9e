import { createWorld, providerOf } from '@coursekit/testkit/react'
import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useLessonCaptions } from './use-lesson-captions.ts'

const element = { current: null }

describe('useLessonCaptions', () => {
  it('in a browser: the Korean file of the lesson, its path on the media host, ready at once; off until chosen', async () => {
    const world = await createWorld()
    const { client } = world.device()
    const captions = [
      { lang: 'en', label: 'English', url: 'https://subs.example/1.en.vtt' },
      { lang: 'ko', label: '한국어', url: '/media/video-101-1.vtt' },
    ]
    const { result } = renderHook(() => useLessonCaptions(captions, 'https://media.example/', element), {
      wrapper: providerOf(client),
    })
    expect(result.current).toMatchObject({
      available: true,
      enabled: false,
      track: { src: 'https://media.example/media/video-101-1.vtt', srcLang: 'ko', label: '한국어' },
    })
    client.dispose()
  })

  it('another language when no Korean file, an absolute URL as it is; nothing to offer without captions', async () => {
    const world = await createWorld()
    const { client } = world.device()
    const english = [{ lang: 'en', label: 'English', url: 'https://subs.example/1.en.vtt' }]
    const withEnglish = renderHook(() => useLessonCaptions(english, '', element), { wrapper: providerOf(client) })
    expect(withEnglish.result.current.track).toEqual({
      src: 'https://subs.example/1.en.vtt',
      srcLang: 'en',
      label: 'English',
    })
    const none = renderHook(() => useLessonCaptions(undefined, '', element), { wrapper: providerOf(client) })
    expect(none.result.current).toMatchObject({ available: false, track: null })
    client.dispose()
  })
})
