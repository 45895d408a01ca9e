import type { Context, Hono } from 'hono'
import type { BackendContext } from '../context.ts'
import type { BackendEnv } from '../http.ts'
import { type ConsentRequest, renderConsentPage } from './consent-page.ts'
import { AuthError } from './errors.ts'
import { validEmail } from './input-rules.ts'
import { oauthProvider } from './oauth-providers.ts'
import { readCodeChallenge } from './pkce.ts'
import { signInWithProvider } from './provider-sign-in.ts'
import { resolveRedirect, withFragment, withQuery } from './redirects.ts'
import { sessionFragment, startSession } from './session-response.ts'

type Read = (name: string) => string | undefined

/**
 * OAuth without a real provider. GET /authorize (the URL signInWithOAuth builds) shows a local
 * consent page instead of redirecting to Google or Kakao; its forms POST to /authorize/consent,
 * which signs the chosen identity in and redirects to redirect_to with ?code= (PKCE) or the session
 * in the fragment (implicit). GET /authorize/consent with the same query plus email=… does the
 * same in one request, for tests and scripts.
 */
export function registerAuthorizeRoutes(app: Hono<BackendEnv>, ctx: BackendContext): void {
  app.get('/authorize', (c) => {
    const request = readConsentRequest(ctx, (name) => c.req.query(name), c.req.header('referer'))
    return c.html(renderConsentPage(request))
  })

  app.get('/authorize/consent', (c) => consent(ctx, c, (name) => c.req.query(name)))

  app.post('/authorize/consent', async (c) => {
    const form = await c.req.parseBody()
    return consent(ctx, c, (name) => {
      const value = form[name]
      return typeof value === 'string' ? value : undefined
    })
  })
}

/** `referer` only where the app's page sends the browser (GET /authorize), as GoTrue's GetReferrer reads it. */
function readConsentRequest(ctx: BackendContext, read: Read, referer?: string): ConsentRequest {
  return {
    provider: oauthProvider(read('provider')),
    redirectTo: resolveRedirect(ctx, read('redirect_to'), referer),
    challenge: readCodeChallenge(read('code_challenge'), read('code_challenge_method')),
  }
}

async function consent(ctx: BackendContext, c: Context, read: Read): Promise<Response> {
  const request = readConsentRequest(ctx, read)
  if (read('action') === 'cancel') {
    // A provider's "deny" comes back as an OAuth error, in the query and the fragment.
    const params = { error: 'access_denied', error_description: 'The user cancelled the sign-in' }
    return c.redirect(withFragment(withQuery(request.redirectTo, params), { ...params, sb: '' }), 303)
  }
  let email: string
  try {
    email = validEmail(read('email'))
  } catch (error) {
    if (!(error instanceof AuthError)) throw error
    return c.html(renderConsentPage(request, '올바른 이메일 주소를 입력해주세요.'), 400)
  }
  const name = read('name')?.trim() || email.split('@')[0] || email
  const user = signInWithProvider(ctx, { provider: request.provider, email, name })

  if (request.challenge) {
    const flow = ctx.authSessions.flowStates.create({
      challenge: request.challenge,
      providerType: request.provider,
      authMethod: 'oauth',
      userId: user.id,
    })
    const code = ctx.authSessions.flowStates.issueCode(flow.id) ?? flow.authCode
    return c.redirect(withQuery(request.redirectTo, { code }), 303)
  }
  const session = await startSession(ctx, user, 'oauth', request.provider)
  const fragment = sessionFragment(session, { provider_token: `mock-${request.provider}-access-token` })
  return c.redirect(withFragment(request.redirectTo, fragment), 303)
}
