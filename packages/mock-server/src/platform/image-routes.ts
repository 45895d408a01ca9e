import { ErrorCode } from '@coursekit/core/contract'
import { Hono } from 'hono'
import { apiError, type BackendEnv } from '../http.ts'
import type { MediaFileReader } from '../media-files.ts'
import { IMAGES_PATH } from './content/images.ts'

export const IMAGE_NOT_FOUND_MESSAGE = '요청한 이미지를 찾을 수 없습니다.'

/** A shipped picture's file name: letters, digits and dashes, `.webp`; nothing that walks out of the folder. */
const IMAGE_FILE = /^[a-z0-9-]+\.webp$/

/**
 * GET and HEAD /media/images/{name}.webp: the content's pictures (course thumbnails, banners) from
 * `media/images`, as a CDN serves them: public, cached for a day and revalidated by ETag (the
 * files change only with a release of this package).
 */
export function createImageRoutes(read: MediaFileReader): Hono<BackendEnv> {
  const app = new Hono<BackendEnv>()
  const loaded = new Map<string, Promise<Uint8Array<ArrayBuffer> | null>>()
  const bytesOf = (file: string) => {
    let bytes = loaded.get(file)
    if (!bytes) {
      bytes = read(`images/${file}`)
      loaded.set(file, bytes)
    }
    return bytes
  }

  app.on(['GET', 'HEAD'], `${IMAGES_PATH}/:file`, async (c) => {
    const file = c.req.param('file')
    const bytes = IMAGE_FILE.test(file) ? await bytesOf(file) : null
    if (!bytes) return apiError(c, 404, ErrorCode.notFound, IMAGE_NOT_FOUND_MESSAGE)
    const etag = `"${file}-${bytes.byteLength}"`
    const headers = { 'content-type': 'image/webp', 'cache-control': 'public, max-age=86400', etag }
    if (c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers })
    return new Response(c.req.method === 'HEAD' ? null : bytes, {
      status: 200,
      headers: { ...headers, 'content-length': String(bytes.byteLength) },
    })
  })

  return app
}
