import { isPublicApiPath } from '@coursekit/core/contract'
import { Hono } from 'hono'
import type { BackendContext } from '../context.ts'
import { type BackendEnv, requireUser } from '../http.ts'
import { createAdminRoutes } from './admin-routes.ts'
import { createAnalyticsRoutes } from './analytics-routes.ts'
import { createAuthRoutes } from './auth-routes.ts'
import { createContentRoutes } from './content-routes.ts'
import { createUserCreateRoute } from './create-user-route.ts'
import { createImageRoutes } from './image-routes.ts'
import { LegacyVerifications } from './legacy-verifications.ts'
import { createMaterialRoutes } from './material-routes.ts'
import { createMediaRoutes } from './media-routes.ts'
import { createOAuthRoutes } from './oauth-routes.ts'
import { createPhoneVerificationRoutes } from './phone-routes.ts'
import { createSessionTrackerRoutes } from './session-routes.ts'
import { createUserRoutes } from './user-routes.ts'

/**
 * The platform API of spec section 7, mounted at `/`. Authentication is decided by path prefix for
 * all of /api, before any route matches: a non-public path without a valid token is 401 whether or
 * not a route exists there, so the API does not reveal its routes to anonymous callers.
 */
export function createPlatformApp(ctx: BackendContext): Hono<BackendEnv> {
  const app = new Hono<BackendEnv>()
  const authenticate = requireUser(ctx)

  app.use('/api/*', (c, next) => (isPublicApiPath(c.req.path) ? next() : authenticate(c, next)))

  app.route('/', createContentRoutes())
  app.route('/', createSessionTrackerRoutes(ctx))
  const legacy = new LegacyVerifications()
  app.route('/', createUserRoutes(ctx, legacy))
  app.route('/', createUserCreateRoute(ctx, legacy))
  app.route('/', createOAuthRoutes(ctx))
  app.route('/', createAuthRoutes(ctx))
  app.route('/', createAnalyticsRoutes(ctx))
  app.route('/', createPhoneVerificationRoutes(ctx))
  app.route('/', createAdminRoutes(ctx))
  app.route('/', createMediaRoutes(ctx.options.readMedia))
  app.route('/', createImageRoutes(ctx.options.readMedia))
  app.route('/', createMaterialRoutes(ctx))

  return app
}
