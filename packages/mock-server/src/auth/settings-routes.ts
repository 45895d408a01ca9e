import type { Hono } from 'hono'
import type { BackendEnv } from '../http.ts'

/** The subset of GoTrue's public settings a client may look at: e-mail, Google and Kakao sign-in, confirmations on. */
const SETTINGS = {
  external: {
    anonymous_users: false,
    apple: false,
    azure: false,
    bitbucket: false,
    discord: false,
    facebook: false,
    figma: false,
    github: false,
    gitlab: false,
    google: true,
    kakao: true,
    keycloak: false,
    linkedin_oidc: false,
    notion: false,
    slack_oidc: false,
    spotify: false,
    twitch: false,
    twitter: false,
    workos: false,
    zoom: false,
    email: true,
    phone: false,
  },
  disable_signup: false,
  mailer_autoconfirm: false,
  phone_autoconfirm: false,
  sms_provider: '',
  saml_enabled: false,
} as const

/** GET /settings, GET /health and GET /.well-known/jwks.json. */
export function registerSettingsRoutes(app: Hono<BackendEnv>): void {
  app.get('/settings', (c) => c.json(SETTINGS))
  app.get('/health', (c) =>
    c.json({ version: 'coursekit-mock', name: 'GoTrue', description: 'coursekit Supabase Auth stand-in' }),
  )
  // HS256 tokens have no public key: an empty set makes auth-js getClaims() fall back to GET /user.
  app.get('/.well-known/jwks.json', (c) => c.json({ keys: [] }))
}
