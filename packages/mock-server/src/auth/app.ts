import { Hono } from 'hono'
import type { BackendContext } from '../context.ts'
import { type BackendEnv, BadRequest } from '../http.ts'
import { requireApiKey } from './api-key.ts'
import { registerAuthorizeRoutes } from './authorize-routes.ts'
import { API_VERSION, API_VERSION_HEADER, AuthError, authErrorResponse } from './errors.ts'
import { registerLogoutRoute } from './logout-route.ts'
import { registerRecoverRoute } from './recover-route.ts'
import { registerSettingsRoutes } from './settings-routes.ts'
import { registerSignupRoutes } from './signup-routes.ts'
import { registerTokenRoutes } from './token-routes.ts'
import { registerUserRoutes } from './user-routes.ts'
import { registerVerifyRoutes } from './verify-routes.ts'

/**
 * The Supabase Auth (GoTrue) stand-in, routes relative to /auth/v1. The real supabase-js client
 * works against it unchanged, in the PKCE and the implicit flow.
 */
export function createAuthApp(ctx: BackendContext): Hono<BackendEnv> {
  const app = new Hono<BackendEnv>()
  app.use('*', async (c, next) => {
    await next()
    c.res.headers.set(API_VERSION_HEADER, API_VERSION)
  })
  app.use('*', requireApiKey(ctx))

  registerTokenRoutes(app, ctx)
  registerSignupRoutes(app, ctx)
  registerRecoverRoute(app, ctx)
  registerVerifyRoutes(app, ctx)
  registerUserRoutes(app, ctx)
  registerLogoutRoute(app, ctx)
  registerAuthorizeRoutes(app, ctx)
  registerSettingsRoutes(app)

  app.onError((error, c) => {
    if (error instanceof AuthError) return authErrorResponse(c, error)
    if (error instanceof BadRequest) return authErrorResponse(c, new AuthError(400, 'validation_failed', error.message))
    // Anything else is a bug: the backend's own handler answers it with a 500.
    throw error
  })
  return app
}
