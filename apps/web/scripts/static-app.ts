import { build, preview } from 'vite'
import { webAppConfig } from '../vite.config.ts'
import type { PreviewedApp } from './preview-app.ts'
import type { SecurityHeadersOptions } from './security-headers.ts'

/** Where a build of the app finds its backend: the `VITE_*` settings of src/vite-env.d.ts. */
export interface AppBackendUrls {
  apiBaseUrl: string
  supabaseUrl: string
  supabaseAnonKey: string
  mediaBaseUrl: string
}

/**
 * A production build of the app whose API, Supabase Auth and media are `backend`'s URLs, served by
 * `vite preview` as plain static files (with the fallback to index.html a single-page app needs)
 * on a free loopback port, with no backend on its own origin: nothing but the app is there. Its
 * Content-Security-Policy lets the page reach `backend`'s origins.
 */
export async function serveStaticApp(
  backend: AppBackendUrls,
  outDir: string,
  headers: SecurityHeadersOptions = {},
): Promise<PreviewedApp> {
  const config = webAppConfig(false, headers)
  const define = {
    'import.meta.env.VITE_API_BASE_URL': JSON.stringify(backend.apiBaseUrl),
    'import.meta.env.VITE_SUPABASE_URL': JSON.stringify(backend.supabaseUrl),
    'import.meta.env.VITE_SUPABASE_ANON_KEY': JSON.stringify(backend.supabaseAnonKey),
    'import.meta.env.VITE_MEDIA_BASE_URL': JSON.stringify(backend.mediaBaseUrl),
  }
  await build({ ...config, define, logLevel: 'warn', build: { ...config.build, outDir } })
  const server = await preview({
    ...config,
    // The same settings as the build's, so the policy names the backend's origins.
    define,
    logLevel: 'warn',
    build: { ...config.build, outDir },
    preview: { port: 0, host: '127.0.0.1', strictPort: false },
  })
  const origin = server.resolvedUrls?.local[0]?.replace(/\/$/, '')
  if (!origin) throw new Error('vite preview gave no URL')
  return { origin, close: () => server.close() }
}
