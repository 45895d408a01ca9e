import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { captionPath, captionUrl, Lesson, mediaUrl, videoSources } from './content.ts'

describe('videoSources', () => {
  it('names each encoding beside the plain media URL, with its MIME type and codecs', () => {
    expect(videoSources('https://media.example.com', 'video-101-2')).toEqual({
      webm: { src: 'https://media.example.com/media/video-101-2.webm', type: 'video/webm; codecs="vp9, opus"' },
      mp4: {
        src: 'https://media.example.com/media/video-101-2.mp4',
        type: 'video/mp4; codecs="avc1.42C01E, mp4a.40.2"',
      },
    })
  })

  it('uses the page origin for an empty host, drops trailing slashes, and escapes the id', () => {
    expect(videoSources('', 'video-1').mp4.src).toBe('/media/video-1.mp4')
    expect(videoSources('https://cdn.example.com//', 'video-1').webm.src).toBe(
      'https://cdn.example.com/media/video-1.webm',
    )
    expect(videoSources('', 'a b/c?').webm.src).toBe('/media/a%20b%2Fc%3F.webm')
    expect(mediaUrl('', 'a b/c?')).toBe('/media/a%20b%2Fc%3F')
  })
})

describe('lesson captions', () => {
  const lesson = { id: 1, courseId: 1, order: 1, title: '1강', durationSec: 6, videoId: 'v-1', isPreview: true }

  it('are optional; when sent, each has lang, label and url', () => {
    expect(z.safeParse(Lesson, lesson).success).toBe(true)
    const captions = [{ lang: 'ko', label: '한국어', url: captionPath('v 1') }]
    expect(z.parse(Lesson, { ...lesson, captions }).captions).toEqual([
      { lang: 'ko', label: '한국어', url: '/media/v%201.vtt' },
    ])
    expect(z.safeParse(Lesson, { ...lesson, captions: [{ lang: 'ko', url: '/x.vtt' }] }).success).toBe(false)
  })

  it('a path is on the media host (the page origin for an empty host); an absolute URL stays as it is', () => {
    expect(captionUrl('https://media.example.com/', '/media/v-1.vtt')).toBe('https://media.example.com/media/v-1.vtt')
    expect(captionUrl('', '/media/v-1.vtt')).toBe('/media/v-1.vtt')
    expect(captionUrl('https://media.example.com', 'https://subs.example/v-1.vtt')).toBe('https://subs.example/v-1.vtt')
    expect(captionUrl('https://media.example.com', '//subs.example/v-1.vtt')).toBe('//subs.example/v-1.vtt')
  })
})
