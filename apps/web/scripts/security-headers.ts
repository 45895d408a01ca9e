import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { isMockBackendPath } from '@coursekit/mock-server/vite'
import type { Connect, Plugin } from 'vite'
import { loadEnv } from 'vite'

/** The `VITE_*` settings that put the API, auth or media on another origin (src/vite-env.d.ts). */
const BACKEND_URL_SETTINGS = ['VITE_API_BASE_URL', 'VITE_SUPABASE_URL', 'VITE_MEDIA_BASE_URL'] as const

export interface PolicySources {
  /** Origins the page fetches from besides its own: the API, Supabase Auth, the media. */
  connect: string[]
  /**
   * Origins lesson videos play from besides the app's own (and blob:, the desktop wrapper's); the
   * content's pictures are served there too (the mock backend's /media/images).
   */
  media: string[]
  /**
   * Vite's dev server: the inline react-refresh preamble, the stylesheets it injects as `<style>`
   * and its HMR websocket. Never in a build.
   */
  dev: boolean
}

/**
 * The app's Content-Security-Policy. Everything from its own origin: the code, the stylesheets,
 * Pretendard's faces (self-hosted), the images (and data:/blob: ones, which CSS and the player
 * make, and the course and banner pictures on the media origin); the API, auth and media on their
 * configured origins; no plugin, no `<base>`, no form
 * posted elsewhere; framed by its own pages only, so another site cannot lay the one-click actions
 * of /admin (sign a device out, remove it) under a visitor's pointer.
 *
 * Inline code is never allowed in a build; the one inline stylesheet, sonner's (the toasts,
 * inserted empty and then filled), is allowed by its hash.
 */
export function contentSecurityPolicy(sources: PolicySources): string {
  const own = (...more: string[]) => ["'self'", ...more].join(' ')
  const styles = sources.dev ? ["'unsafe-inline'"] : sonnerStyleHashes().map((hash) => `'${hash}'`)
  const directives = [
    `default-src 'self'`,
    `script-src ${own(...(sources.dev ? ["'unsafe-inline'"] : []))}`,
    `style-src ${own(...styles)}`,
    `img-src ${own('data:', 'blob:', ...sources.media)}`,
    `font-src 'self'`,
    `media-src ${own('blob:', ...sources.media)}`,
    // blob: URLs are the page's own bytes (the desktop wrapper's proxied media and files), which
    // only this origin's scripts can make.
    `connect-src ${own('blob:', ...sources.connect, ...(sources.dev ? ['ws:', 'wss:'] : []))}`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'self'`,
  ]
  return directives.join('; ')
}

/** The headers every response of the app carries (README, "Deploying", lists them for a host). */
export function securityHeaders(sources: PolicySources): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(sources),
    'X-Frame-Options': 'SAMEORIGIN',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  }
}

/**
 * For the mock backend's answers on the app's origin (its JSON, and its own small pages: the OAuth
 * consent stand-in, which signs in with one click, and the dev mailbox): the same framing, type and
 * referrer rules, without the app's policy for what a page may load, which is the app's.
 */
export function backendSecurityHeaders(): Record<string, string> {
  return {
    'Content-Security-Policy': `frame-ancestors 'self'`,
    'X-Frame-Options': 'SAMEORIGIN',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  }
}

/** The origins of `urls` that are set and valid, each once. */
export function originsOf(urls: (string | undefined)[]): string[] {
  const origins = new Set<string>()
  for (const url of urls) {
    if (!url) continue
    try {
      origins.add(new URL(url).origin)
    } catch {
      throw new Error(`not a URL: ${JSON.stringify(url)} (a VITE_* backend setting must be an absolute http(s) URL)`)
    }
  }
  return [...origins]
}

export interface SecurityHeadersOptions {
  /**
   * More origins the page may fetch from: only for a test harness standing in for something CSP
   * does not govern (the desktop wrapper's native message handler).
   */
  extraConnectSources?: string[]
}

/**
 * Sends `securityHeaders` on every response of `vite` (dev) and `vite preview` (the mock backend's
 * paths get `backendSecurityHeaders`). The backend's origins come from the `VITE_*` settings, in
 * the environment or `define`d by the caller (scripts/static-app.ts); unset, they are the app's own.
 */
export function securityHeadersPlugin(options: SecurityHeadersOptions = {}): Plugin {
  let backendOrigins: string[] = []
  let mediaOrigins: string[] = []
  const middleware =
    (dev: boolean): Connect.NextHandleFunction =>
    (request, response, next) => {
      const headers = isMockBackendPath(request.url ?? '/')
        ? backendSecurityHeaders()
        : securityHeaders({
            connect: [...backendOrigins, ...(options.extraConnectSources ?? [])],
            media: mediaOrigins,
            dev,
          })
      for (const [name, value] of Object.entries(headers)) response.setHeader(name, value)
      next()
    }
  return {
    name: 'coursekit-security-headers',
    configResolved(config) {
      const env = loadEnv(config.mode, config.envDir || config.root, 'VITE_')
      const setting = (name: (typeof BACKEND_URL_SETTINGS)[number]): string | undefined => {
        const defined = config.define?.[`import.meta.env.${name}`]
        return typeof defined === 'string' ? (JSON.parse(defined) as string) : env[name]
      }
      backendOrigins = originsOf(BACKEND_URL_SETTINGS.map(setting))
      mediaOrigins = originsOf([setting('VITE_MEDIA_BASE_URL')])
    },
    configureServer(server) {
      server.middlewares.use(middleware(true))
    },
    configurePreviewServer(server) {
      server.middlewares.use(middleware(false))
    },
  }
}

/**
 * The CSP hashes of the stylesheet sonner inserts (read from the installed sonner, so an upgrade
 * keeps it right): its text, and the empty `<style>` it appends before filling it.
 */
function sonnerStyleHashes(): string[] {
  const require = createRequire(import.meta.url)
  const source = readFileSync(require.resolve('sonner'), 'utf8')
  const inserted = /__insertCSS\(("(?:[^"\\]|\\.)*")\)/.exec(source)?.[1]
  if (!inserted) throw new Error("sonner's inline stylesheet was not found: the CSP's style-src needs its hash")
  return ['', JSON.parse(inserted) as string].map(
    (css) => `sha256-${createHash('sha256').update(css).digest('base64')}`,
  )
}
