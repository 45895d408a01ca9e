import { ErrorCode, endpoints } from '@coursekit/core/contract'
import { Hono } from 'hono'
import type { BackendContext } from '../context.ts'
import { apiError, type BackendEnv, readBody } from '../http.ts'
import { isoTime } from '../iso-time.ts'
import { routePath } from './route-path.ts'
import { USER_NOT_FOUND_MESSAGE } from './user-routes.ts'

/** The platform's half of signing in and out; the tokens themselves belong to Supabase Auth. */
export function createAuthRoutes(ctx: BackendContext): Hono<BackendEnv> {
  const app = new Hono<BackendEnv>()

  // The platform keeps no login of its own: logout acknowledges. The token dies with its Supabase
  // Auth session at /auth/v1/logout, which the client calls next (ending it here first would make
  // that call answer session_not_found), and the device ends through session-tracker/end.
  app.post(routePath(endpoints.logout.path), async (c) => {
    await readBody(c, endpoints.logout.body)
    return c.json({ success: true, message: '로그아웃되었습니다.' })
  })

  app.post(routePath(endpoints.updateLastSignIn.path), async (c) => {
    await readBody(c, endpoints.updateLastSignIn.body)
    const user = ctx.users.platform.get(c.get('user').sub)
    if (!user) return apiError(c, 404, ErrorCode.notFound, USER_NOT_FOUND_MESSAGE)
    user.lastSignInAt = ctx.clock.now()
    return c.json({ success: true, lastSignInAt: isoTime(user.lastSignInAt) })
  })

  return app
}
