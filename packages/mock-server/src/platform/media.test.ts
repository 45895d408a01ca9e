import { readFile } from 'node:fs/promises'
import { ApiErrorBody, Lesson, LessonList } from '@coursekit/core/contract'
import { describe, expect, it } from 'vitest'
import { createMockBackend, type MockBackend } from '../backend.ts'
import { MEDIA_CLIPS } from './media-clips.ts'
import { API, createPlatformTestBed, expectBody } from './test-helpers.ts'

const clipBytes = async (file: string) =>
  new Uint8Array(await readFile(new URL(`../../media/${file}`, import.meta.url)))

const media = (backend: MockBackend, videoId: string, headers: Record<string, string> = {}, method = 'GET') =>
  backend.fetch(`${API}/media/${videoId}`, { method, headers })

describe('the shipped clips', () => {
  it('are a few seconds each and well under 1 MB together', async () => {
    const sizes = await Promise.all(MEDIA_CLIPS.map(async (clip) => (await clipBytes(clip.file)).byteLength))
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBeLessThan(400_000)
    for (const clip of MEDIA_CLIPS) expect(clip.durationSec).toBeLessThanOrEqual(10)
  })
})

describe('lessons', () => {
  it('have id, courseId, order, title, durationSec, videoId, isPreview; each video is served, as long as its clip', async () => {
    const bed = await createPlatformTestBed()
    const list = expectBody(await bed.anonymous.get('/api/v2/lessons?limit=100'), 200, LessonList)
    expect(list.total).toBe(18)
    for (const lesson of list.items) {
      expect(Object.keys(lesson).sort()).toEqual(
        ['courseId', 'durationSec', 'id', 'isPreview', 'order', 'title', 'videoId'].sort(),
      )
      const answer = await media(bed.backend, lesson.videoId)
      const clip = MEDIA_CLIPS.find((candidate) => candidate.durationSec === lesson.durationSec)
      expect([lesson.videoId, answer.status]).toEqual([lesson.videoId, 200])
      expect(new Uint8Array(await answer.arrayBuffer())).toEqual(await clipBytes(clip?.file ?? ''))
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

  it('answers 404 for a video no lesson has', async () => {
    const backend = await createMockBackend()
    const answer = await media(backend, 'video-999-1')
    expect(answer.status).toBe(404)
    expect(ApiErrorBody.parse(await answer.json()).error).toBe('요청한 동영상을 찾을 수 없습니다.')
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
    expect(reads).toEqual(['clip-a.webm'])
  })
})
