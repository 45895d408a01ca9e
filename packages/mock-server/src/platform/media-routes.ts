import { ErrorCode, MEDIA_PATH, VIDEO_FORMATS, type VideoFormat } from '@coursekit/core/contract'
import { type Context, Hono } from 'hono'
import parseRange from 'range-parser'
import { apiError, type BackendEnv } from '../http.ts'
import type { MediaFileReader } from '../media-files.ts'
import { sampleContent } from './content/index.ts'
import { captionFile, clipFile, clipForLesson } from './media-clips.ts'
import { routePath } from './route-path.ts'

export const MEDIA_NOT_FOUND_MESSAGE = '요청한 동영상을 찾을 수 없습니다.'

/** What a caption file is: WebVTT, in UTF-8 (the Korean text). */
const CAPTIONS_CONTENT_TYPE = 'text/vtt; charset=utf-8'

/**
 * GET and HEAD /media/{videoId}.webm and .mp4 (and the plain /media/{videoId}, the WebM): a
 * lesson's video; /media/{videoId}.vtt: its Korean captions (the lesson's `captions`). With Range requests, as a media host serves it, so a player can seek. One range
 * per request (a player asks for one); a request for several gets the whole file, which HTTP allows. Public, like any media host: the lesson pages decide who
 * watches, and the session tracker who watches where.
 */
export function createMediaRoutes(read: MediaFileReader): Hono<BackendEnv> {
  const app = new Hono<BackendEnv>()
  const clips = new Map(
    sampleContent.lessons.map((lesson) => [String(lesson.videoId), clipForLesson(Number(lesson.order))]),
  )
  // Each file is read once per backend, on first request.
  const loaded = new Map<string, Promise<Uint8Array<ArrayBuffer> | null>>()
  const bytesOf = (file: string) => {
    let bytes = loaded.get(file)
    if (!bytes) {
      bytes = read(file)
      loaded.set(file, bytes)
    }
    return bytes
  }
  // The whole name is a video id first, so an id with a dot in it still finds its plain URL.
  const fileAt = (name: string): { file: string; contentType: string } | undefined => {
    const plain = clips.get(name)
    if (plain) return { file: clipFile(plain, 'webm'), contentType: VIDEO_FORMATS.webm.contentType }
    const dot = name.lastIndexOf('.')
    const format = name.slice(dot + 1)
    const clip = dot > 0 ? clips.get(name.slice(0, dot)) : undefined
    if (!clip) return undefined
    if (format === 'vtt') return { file: captionFile(clip), contentType: CAPTIONS_CONTENT_TYPE }
    if (!Object.hasOwn(VIDEO_FORMATS, format)) return undefined
    return {
      file: clipFile(clip, format as VideoFormat),
      contentType: VIDEO_FORMATS[format as VideoFormat].contentType,
    }
  }

  app.on(['GET', 'HEAD'], routePath(MEDIA_PATH), async (c) => {
    const found = fileAt(c.req.param('videoId') ?? '')
    const bytes = found ? await bytesOf(found.file) : null
    if (!found || !bytes) return apiError(c, 404, ErrorCode.notFound, MEDIA_NOT_FOUND_MESSAGE)
    return serveBytes(c, bytes, found.file, found.contentType)
  })

  return app
}

function serveBytes(c: Context, bytes: Uint8Array<ArrayBuffer>, file: string, contentType: string): Response {
  const size = bytes.byteLength
  const etag = `"${file}-${size}"`
  const headers: Record<string, string> = {
    'accept-ranges': 'bytes',
    'content-type': contentType,
    'cache-control': 'public, max-age=3600',
    etag,
  }
  const head = c.req.method === 'HEAD'
  const whole = () =>
    new Response(head ? null : bytes, { status: 200, headers: { ...headers, 'content-length': String(size) } })

  const range = c.req.header('range')
  if (range === undefined) return whole()
  // If-Range: the range applies only to the version the player already has part of.
  const ifRange = c.req.header('if-range')
  if (ifRange !== undefined && ifRange !== etag) return whole()

  const ranges = parseRange(size, range, { combine: true })
  // -2: not a byte range the server understands, so it is ignored (RFC 9110 §14.2).
  if (ranges === -2 || (ranges !== -1 && ranges.type !== 'bytes')) return whole()
  if (ranges === -1) {
    return new Response(null, { status: 416, headers: { ...headers, 'content-range': `bytes */${size}` } })
  }
  const only = ranges.length === 1 ? ranges[0] : undefined
  if (!only) return whole()
  const { start, end } = only
  return new Response(head ? null : bytes.subarray(start, end + 1), {
    status: 206,
    headers: {
      ...headers,
      'content-range': `bytes ${start}-${end}/${size}`,
      'content-length': String(end - start + 1),
    },
  })
}
