import { ErrorCode, endpoints } from '@coursekit/core/contract'
import { Hono } from 'hono'
import { apiError, type BackendEnv, BadRequest } from '../http.ts'
import { IMAGES_PATH } from './content/images.ts'
import { type ContentCollection, type ContentItem, sampleContent } from './content/index.ts'
import { routePath } from './route-path.ts'

export const DEFAULT_PAGE_SIZE = 20
export const MAX_PAGE_SIZE = 100
const PAGING_PARAMS = new Set(['limit', 'offset'])

/**
 * The public reads: each collection as `{ items, total }` with `?limit=&offset=`, filtered by any
 * other query parameter that names a plain field (`/api/v2/lessons?courseId=101`), and each item at
 * `/{id}`. Plus health and ping. A picture's URL is absolute, on the origin the content was asked
 * on (the app's own under `npm start`; the API's for a client that calls it elsewhere), which
 * serves it.
 */
export function createContentRoutes(): Hono<BackendEnv> {
  const app = new Hono<BackendEnv>()

  app.get(routePath(endpoints.health.path), (c) => c.json({ status: 'ok' }))
  app.get(routePath(endpoints.ping.path), (c) => c.json({ pong: true }))

  for (const name of Object.keys(sampleContent) as ContentCollection[]) {
    const items = sampleContent[name]
    const path = routePath(endpoints[name].path)

    app.get(path, (c) => {
      const query = c.req.query()
      const matching = items.filter((item) => matchesFilters(item, query))
      const offset = pagingNumber(query.offset, 'offset', 0)
      const limit = Math.min(pagingNumber(query.limit, 'limit', DEFAULT_PAGE_SIZE), MAX_PAGE_SIZE)
      const origin = new URL(c.req.url).origin
      const page = matching.slice(offset, offset + limit).map((item) => withImagesOn(item, origin))
      return c.json({ items: page, total: matching.length, limit, offset })
    })

    app.get(`${path}/:id`, (c) => {
      const id = c.req.param('id')
      const item = items.find((candidate) => String(candidate.id) === id)
      return item
        ? c.json(withImagesOn(item, new URL(c.req.url).origin))
        : apiError(c, 404, ErrorCode.notFound, '요청한 콘텐츠를 찾을 수 없습니다.')
    })
  }

  return app
}

function pagingNumber(raw: string | undefined, name: string, fallback: number): number {
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 0) throw new BadRequest(`${name} must be a non-negative integer`)
  return value
}

/** A filter on a field that is not a plain value (or not a field at all) is ignored, as most APIs do. */
function matchesFilters(item: ContentItem, query: Record<string, string>): boolean {
  return Object.entries(query).every(([key, wanted]) => {
    if (PAGING_PARAMS.has(key) || !Object.hasOwn(item, key)) return true
    const value = item[key]
    if (value !== null && typeof value === 'object') return true
    return String(value) === wanted
  })
}

/** The item with each of its own pictures' paths made a URL on `origin`. */
function withImagesOn(item: ContentItem, origin: string): ContentItem {
  const images = Object.entries(item).filter(
    ([, value]) => typeof value === 'string' && value.startsWith(`${IMAGES_PATH}/`),
  )
  if (images.length === 0) return item
  const absolute = Object.fromEntries(images.map(([key, path]) => [key, new URL(path as string, origin).href]))
  return { ...item, ...absolute }
}
