import { describe, expect, it } from 'vitest'
import { mediaUrl, videoSources } from './content.ts'

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
