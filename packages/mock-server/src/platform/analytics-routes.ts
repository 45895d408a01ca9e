import { ErrorCode, endpoints } from '@coursekit/core/contract'
import { Hono } from 'hono'
import type { BackendContext } from '../context.ts'
import { apiError, type BackendEnv, readBody } from '../http.ts'
import { routePath } from './route-path.ts'

export const VISIT_NOT_FOUND_MESSAGE = '방문 기록을 찾을 수 없습니다.'

/** Visit analytics: public, and the update arrives as a beacon (text/plain, no token). */
export function createAnalyticsRoutes(ctx: BackendContext): Hono<BackendEnv> {
  const app = new Hono<BackendEnv>()
  const { visits } = ctx

  app.post(routePath(endpoints.trackVisit.path), async (c) => {
    const body = await readBody(c, endpoints.trackVisit.body)
    return c.json({ sessionId: visits.track(body).id })
  })

  app.post(routePath(endpoints.updateVisit.path), async (c) => {
    const body = await readBody(c, endpoints.updateVisit.body)
    if (!visits.update(c.req.param('sessionId') ?? '', body)) {
      return apiError(c, 404, ErrorCode.notFound, VISIT_NOT_FOUND_MESSAGE)
    }
    return c.json({ success: true })
  })

  // Spec section 4 tracks each conversion once; a repeat (a reload, a retry) is recorded once and
  // still succeeds, so a client never has to tell the two apart.
  app.put(routePath(endpoints.trackConversion.path), async (c) => {
    const body = await readBody(c, endpoints.trackConversion.body)
    const outcome = visits.convert(c.req.param('sessionId') ?? '', body.conversionType)
    if (outcome === 'unknown-visit') return apiError(c, 404, ErrorCode.notFound, VISIT_NOT_FOUND_MESSAGE)
    return c.json({ success: true, recorded: outcome === 'recorded' })
  })

  return app
}
