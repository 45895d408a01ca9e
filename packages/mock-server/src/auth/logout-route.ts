import type { Hono } from 'hono'
import type { BackendContext } from '../context.ts'
import type { BackendEnv } from '../http.ts'
import { authenticate } from './authenticate.ts'
import { AuthError } from './errors.ts'
import type { SignOutScope } from './sessions.ts'

const SCOPES: readonly string[] = ['global', 'local', 'others'] satisfies SignOutScope[]

/**
 * POST /logout?scope=global|local|others (signOut): ends sessions and with them their refresh
 * tokens. Access tokens stay valid JWTs until they expire, as in GoTrue; /user refuses them.
 */
export function registerLogoutRoute(app: Hono<BackendEnv>, ctx: BackendContext): void {
  app.post('/logout', async (c) => {
    const { user, session } = await authenticate(ctx, c)
    const scope = c.req.query('scope') || 'global'
    if (!SCOPES.includes(scope)) throw new AuthError(400, 'validation_failed', `Unsupported logout scope "${scope}"`)
    ctx.authSessions.signOut(user.id, session?.id ?? null, scope as SignOutScope)
    return c.body(null, 204)
  })
}
