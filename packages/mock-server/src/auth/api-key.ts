import type { Context, Next } from 'hono'
import type { BackendContext } from '../context.ts'

/**
 * Browser navigations carry no apikey, so Supabase's gateway leaves these routes open: the e-mail
 * link, the OAuth start and its callback (here the consent form), and the key set.
 */
const OPEN_PATHS = /\/(verify|authorize|authorize\/consent|\.well-known\/jwks\.json)$/

/**
 * Supabase's API gateway in front of GoTrue: every other request needs the project's key in the
 * `apikey` header, as supabase-js sends it. GoTrue itself reads no apikey; Kong's key-auth would also
 * take `?apikey=`, which this stand-in does not: a key in the query is what lets another site post a
 * form-like request (no preflight) to /recover or /signup.
 */
export function requireApiKey(ctx: BackendContext) {
  return async (c: Context, next: Next): Promise<Response | undefined> => {
    if (c.req.method === 'OPTIONS' || OPEN_PATHS.test(c.req.path)) {
      await next()
      return undefined
    }
    const key = c.req.header('apikey')
    if (!key) return c.json({ message: 'No API key found in request' }, 401)
    if (key !== ctx.anonKey) {
      return c.json(
        { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' },
        401,
      )
    }
    await next()
    return undefined
  }
}
