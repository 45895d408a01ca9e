import { readFile } from 'node:fs/promises'
import { ApiErrorBody, captionPath, Lesson, LessonList, VIDEO_FORMATS, videoSources } from '@coursekit/core/contract'
import { describe, expect, it } from 'vitest'
import { createMockBackend, type MockBackend } from '../backend.ts'
import { captionFile, clipFile, MEDIA_CLIPS } from './media-clips.ts'
import { API, createPlatformTestBed, expectBody } from './test-helpers.ts'
import { mp4Codecs, mp4TopLevelBoxes, webmCodecIds } from './test-media-codecs.ts'

const clipBytes = async (file: string) =>
  new Uint8Array(await readFile(new URL(`../../media/${file}`, import.meta.url)))

const media = (backend: MockBackend, videoId: string, headers: Record<string, string> = {}, method = 'GET') =>
  backend.fetch(`${API}/media/${videoId}`, { method, headers })

describe('the shipped clips', () => {
  it('are a few seconds each and well under 1 MB together in each encoding', async () => {
    for (const format of ['webm', 'mp4'] as const) {
      const sizes = await Promise.all(
        MEDIA_CLIPS.map(async (clip) => (await clipBytes(clipFile(clip, format))).byteLength),
      )
      expect(
        sizes.reduce((sum, size) => sum + size, 0),
        format,
      ).toBeLessThan(400_000)
    }
    for (const clip of MEDIA_CLIPS) expect(clip.durationSec).toBeLessThanOrEqual(10)
  })

  it('hold the codecs the contract tells a player: MP4 fast start, H.264 + AAC; WebM VP9 + Opus', async () => {
    for (const clip of MEDIA_CLIPS) {
      const mp4 = await clipBytes(clipFile(clip, 'mp4'))
      // Fast start: the index before the media, so playback starts from the first bytes.
      const boxes = mp4TopLevelBoxes(mp4)
      expect([clip.name, boxes[0], boxes.indexOf('moov') < boxes.indexOf('mdat')]).toEqual([clip.name, 'ftyp', true])
      expect([clip.name, mp4Codecs(mp4)]).toEqual([clip.name, VIDEO_FORMATS.mp4.codecs])
      const webm = await clipBytes(clipFile(clip, 'webm'))
      expect([clip.name, webmCodecIds(webm)]).toEqual([clip.name, ['V_VP9', 'A_OPUS']])
    }
    expect(VIDEO_FORMATS.webm.codecs).toBe('vp9, opus')
  })
})

describe('lessons', () => {
  it('have id, courseId, order, title, durationSec, videoId, isPreview, captions; each video is served, as long as its clip', async () => {
    const bed = await createPlatformTestBed()
    const list = expectBody(await bed.anonymous.get('/api/v2/lessons?limit=100'), 200, LessonList)
    expect(list.total).toBe(18)
    for (const lesson of list.items) {
      expect(Object.keys(lesson).sort()).toEqual(
        ['captions', 'courseId', 'durationSec', 'id', 'isPreview', 'order', 'title', 'videoId'].sort(),
      )
      expect(lesson.captions).toEqual([{ lang: 'ko', label: '한국어', url: `/media/${lesson.videoId}.vtt` }])
      const clip = MEDIA_CLIPS.find((candidate) => candidate.durationSec === lesson.durationSec)
      if (!clip) throw new Error(`no clip is ${lesson.durationSec} s long`)
      for (const [path, file] of [
        [lesson.videoId, clipFile(clip, 'webm')],
        [`${lesson.videoId}.webm`, clipFile(clip, 'webm')],
        [`${lesson.videoId}.mp4`, clipFile(clip, 'mp4')],
        [`${lesson.videoId}.vtt`, captionFile(clip)],
      ] as const) {
        const answer = await media(bed.backend, path)
        expect([path, answer.status]).toEqual([path, 200])
        expect(new Uint8Array(await answer.arrayBuffer())).toEqual(await clipBytes(file))
      }
    }
    const one = expectBody(await bed.anonymous.get('/api/v2/lessons/1002'), 200, Lesson)
    expect(one).toMatchObject({ courseId: 101, order: 2, videoId: 'video-101-2', isPreview: false, durationSec: 8 })
  })

  it('a course says how many lessons it has and how long they are together', async () => {
    const bed = await createPlatformTestBed()
    const course = (await bed.anonymous.get('/api/v2/courses/101')).body as Record<string, unknown>
    expect(course).toMatchObject({ lessonCount: 4, durationSec: 6 + 8 + 10 + 6 })
  })
})

describe('GET /media/{videoId}', () => {
  it('answers the whole file with Accept-Ranges, its type and length', async () => {
    const backend = await createMockBackend()
    const bytes = await clipBytes('clip-a.webm')
    const answer = await media(backend, 'video-101-1')
    expect(answer.status).toBe(200)
    expect(Object.fromEntries(answer.headers)).toMatchObject({
      'accept-ranges': 'bytes',
      'content-type': 'video/webm',
      'content-length': String(bytes.byteLength),
    })
    expect(new Uint8Array(await answer.arrayBuffer())).toEqual(bytes)
  })

  it('answers a Range with 206 and exactly those bytes: from-to, from on, and the last n', async () => {
    const backend = await createMockBackend()
    const bytes = await clipBytes('clip-b.webm')
    const size = bytes.byteLength
    const cases: [string, number, number][] = [
      ['bytes=0-99', 0, 99],
      ['bytes=1000-', 1000, size - 1],
      ['bytes=-500', size - 500, size - 1],
      ['bytes=2000-999999999', 2000, size - 1],
    ]
    for (const [range, start, end] of cases) {
      const answer = await media(backend, 'video-101-2', { range })
      expect([range, answer.status, answer.headers.get('content-range')]).toEqual([
        range,
        206,
        `bytes ${start}-${end}/${size}`,
      ])
      expect(answer.headers.get('content-length')).toBe(String(end - start + 1))
      expect(new Uint8Array(await answer.arrayBuffer())).toEqual(bytes.subarray(start, end + 1))
    }
  })

  it('answers 416 with the size for a range past the end', async () => {
    const backend = await createMockBackend()
    const size = (await clipBytes('clip-a.webm')).byteLength
    const answer = await media(backend, 'video-101-1', { range: `bytes=${size}-` })
    expect(answer.status).toBe(416)
    expect(answer.headers.get('content-range')).toBe(`bytes */${size}`)
  })

  it('answers the whole file for several ranges, a range of another unit, or an If-Range of another version', async () => {
    const backend = await createMockBackend()
    const size = (await clipBytes('clip-a.webm')).byteLength
    const etag = (await media(backend, 'video-101-1', {}, 'HEAD')).headers.get('etag') ?? ''
    for (const headers of [
      { range: 'bytes=0-9,20-29' } as Record<string, string>,
      { range: 'items=0-9' },
      { range: 'bytes=0-9', 'if-range': '"another-version"' },
    ]) {
      const answer = await media(backend, 'video-101-1', headers)
      expect([headers, answer.status, (await answer.arrayBuffer()).byteLength]).toEqual([headers, 200, size])
    }
    expect((await media(backend, 'video-101-1', { range: 'bytes=0-9', 'if-range': etag })).status).toBe(206)
  })

  it('answers HEAD with the headers of GET and no body, with or without a range', async () => {
    const backend = await createMockBackend()
    const size = (await clipBytes('clip-c.webm')).byteLength
    const whole = await media(backend, 'video-101-3', {}, 'HEAD')
    expect([whole.status, whole.headers.get('content-length'), await whole.text()]).toEqual([200, String(size), ''])
    const part = await media(backend, 'video-101-3', { range: 'bytes=10-19' }, 'HEAD')
    expect([part.status, part.headers.get('content-range'), await part.text()]).toEqual([
      206,
      `bytes 10-19/${size}`,
      '',
    ])
  })

  it('answers 404 for a video no lesson has, in any encoding, and for an encoding it does not serve', async () => {
    const backend = await createMockBackend()
    for (const path of ['video-999-1', 'video-999-1.mp4', 'video-101-1.mkv', 'video-101-1.mp4.webm', '.mp4']) {
      const answer = await media(backend, path)
      expect([path, answer.status]).toEqual([path, 404])
      expect(ApiErrorBody.parse(await answer.json()).error).toBe('요청한 동영상을 찾을 수 없습니다.')
    }
  })

  it('lets a page on another origin seek: Range allowed in a preflight, Content-Range readable', async () => {
    const backend = await createMockBackend()
    const origin = 'http://localhost:5173'
    const preflight = await backend.fetch(`${API}/media/video-101-1`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'range' },
    })
    expect(preflight.headers.get('access-control-allow-headers')).toContain('range')
    const answer = await media(backend, 'video-101-1', { origin, range: 'bytes=0-9' })
    expect(answer.headers.get('access-control-expose-headers')).toContain('content-range')
  })

  it('reads the clips through the readMedia option when one is given, each file once', async () => {
    const reads: string[] = []
    const backend = await createMockBackend({
      readMedia: async (file) => {
        reads.push(file)
        return new TextEncoder().encode(`fake ${file}`)
      },
    })
    expect(await (await media(backend, 'video-102-1')).text()).toBe('fake clip-a.webm')
    await media(backend, 'video-103-1')
    expect(await (await media(backend, 'video-103-1.mp4')).text()).toBe('fake clip-a.mp4')
    await media(backend, 'video-102-1.mp4')
    expect(reads).toEqual(['clip-a.webm', 'clip-a.mp4'])
  })
})

/** A WebVTT file's cues, read as the WebVTT spec writes them: the signature line, then timed blocks. */
function vttCues(text: string): { startSec: number; endSec: number; text: string }[] {
  const [signature, ...blocks] = text.replace(/\r\n?/g, '\n').split(/\n{2,}/)
  if (!/^WEBVTT(?:[ \t].*)?$/.test(signature?.split('\n')[0] ?? '')) throw new Error('no WEBVTT signature')
  const seconds = (time: string) => {
    const parts = time.split(':').map(Number)
    return parts.reduce((sum, part) => sum * 60 + part, 0)
  }
  return blocks
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const [timing = '', ...lines] = block.split('\n')
      const match = /^((?:\d{2,}:)?\d{2}:\d{2}\.\d{3}) --> ((?:\d{2,}:)?\d{2}:\d{2}\.\d{3})$/.exec(timing)
      if (!match) throw new Error(`not a cue timing: ${timing}`)
      return { startSec: seconds(match[1] ?? ''), endSec: seconds(match[2] ?? ''), text: lines.join('\n') }
    })
}

describe('GET /media/{videoId}.vtt', () => {
  it("serves each lesson's Korean captions as text/vtt: valid WebVTT whose cues run in order to the clip's end", async () => {
    const backend = await createMockBackend()
    for (const clip of MEDIA_CLIPS) {
      const videoId = `video-101-${MEDIA_CLIPS.indexOf(clip) + 1}`
      const answer = await backend.fetch(`${API}${captionPath(videoId)}`)
      expect([clip.name, answer.status, answer.headers.get('content-type')]).toEqual([
        clip.name,
        200,
        'text/vtt; charset=utf-8',
      ])
      const text = await answer.text()
      expect(text).toBe(new TextDecoder().decode(await clipBytes(captionFile(clip))))
      const cues = vttCues(text)
      expect(cues.length).toBeGreaterThanOrEqual(3)
      let previousEnd = 0
      for (const cue of cues) {
        expect(cue.startSec).toBeGreaterThanOrEqual(previousEnd)
        expect(cue.endSec).toBeGreaterThan(cue.startSec)
        expect(cue.text).toMatch(/[가-힣]/)
        previousEnd = cue.endSec
      }
      expect([clip.name, previousEnd]).toEqual([clip.name, clip.durationSec])
    }
  })

  it('answers 404 for captions of a video no lesson has', async () => {
    const backend = await createMockBackend()
    const answer = await backend.fetch(`${API}${captionPath('video-999-1')}`)
    expect(answer.status).toBe(404)
  })
})

describe('GET /media/{videoId}.mp4 and .webm', () => {
  it("serves each of the contract's sources with its type: the MP4 and the WebM of the clip", async () => {
    const backend = await createMockBackend()
    const sources = videoSources(API, 'video-101-1')
    for (const [format, file] of [
      ['mp4', 'clip-a.mp4'],
      ['webm', 'clip-a.webm'],
    ] as const) {
      const bytes = await clipBytes(file)
      const answer = await backend.fetch(sources[format].src)
      expect([format, answer.status]).toEqual([format, 200])
      expect(Object.fromEntries(answer.headers)).toMatchObject({
        'accept-ranges': 'bytes',
        'content-type': VIDEO_FORMATS[format].contentType,
        'content-length': String(bytes.byteLength),
      })
      expect(sources[format].type.startsWith(`${answer.headers.get('content-type')};`)).toBe(true)
      expect(new Uint8Array(await answer.arrayBuffer())).toEqual(bytes)
    }
  })

  it('answers an MP4 Range with 206 and those bytes, HEAD with the headers alone, 416 past the end', async () => {
    const backend = await createMockBackend()
    const bytes = await clipBytes('clip-c.mp4')
    const size = bytes.byteLength
    const part = await media(backend, 'video-101-3.mp4', { range: 'bytes=100-4099' })
    expect([part.status, part.headers.get('content-range'), part.headers.get('content-length')]).toEqual([
      206,
      `bytes 100-4099/${size}`,
      '4000',
    ])
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.subarray(100, 4100))
    const head = await media(backend, 'video-101-3.mp4', { range: 'bytes=-10' }, 'HEAD')
    expect([head.status, head.headers.get('content-range'), await head.text()]).toEqual([
      206,
      `bytes ${size - 10}-${size - 1}/${size}`,
      '',
    ])
    expect((await media(backend, 'video-101-3.mp4', { range: `bytes=${size}-` })).status).toBe(416)
  })

  it('gives each encoding its own ETag, so an If-Range for the WebM never stitches MP4 bytes onto it', async () => {
    const backend = await createMockBackend()
    const webmTag = (await media(backend, 'video-101-1.webm', {}, 'HEAD')).headers.get('etag') ?? ''
    const mp4Tag = (await media(backend, 'video-101-1.mp4', {}, 'HEAD')).headers.get('etag') ?? ''
    expect(webmTag).not.toBe(mp4Tag)
    expect((await media(backend, 'video-101-1', {}, 'HEAD')).headers.get('etag')).toBe(webmTag)
    const answer = await media(backend, 'video-101-1.mp4', { range: 'bytes=0-9', 'if-range': webmTag })
    expect(answer.status).toBe(200)
    expect((await media(backend, 'video-101-1.mp4', { range: 'bytes=0-9', 'if-range': mp4Tag })).status).toBe(206)
  })
})
