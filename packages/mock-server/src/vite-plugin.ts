import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { systemClock } from '@coursekit/core/clock'
import { getRequestListener } from '@hono/node-server'
import { type Connect, loadEnv, type Plugin, type PreviewServer, type ViteDevServer } from 'vite'
import { createMockBackend, type MockBackend } from './backend.ts'
import { exposureWarning } from './exposure.ts'
import { isLoopbackAddress } from './loopback.ts'
import { nodeFetchCallback } from './node-server.ts'
import { DEFAULT_JWT_EXPIRY_SECONDS, DEFAULT_JWT_SECRET, type MockBackendOptions } from './options.ts'
import { TokenIssuer } from './tokens.ts'

/** The paths the backend answers on the app's origin; everything else is the app's. */
export const mockBackendPaths = ['/api', '/auth/v1', '/media', '/__dev'] as const

export interface MockBackendPluginOptions extends Omit<MockBackendOptions, 'publicUrl'> {
  /**
   * The origin people open, used in e-mail links and OAuth redirects. Default: the server's own,
   * `http://<server.host or localhost>:<port>`, known once it listens.
   */
  publicUrl?: string
  /** Called once the backend exists on a listening server (the start program prints its banner here). */
  onReady?(backend: MockBackend): void
}

export interface MockBackendPlugin extends Plugin {
  /** The backend of the server this plugin serves, once it listens. */
  backend(): Promise<MockBackend>
}

/** Whether a request path (with or without its query) belongs to the backend. */
export function isMockBackendPath(url: string): boolean {
  const path = url.split(/[?#]/, 1)[0] ?? ''
  return mockBackendPaths.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))
}

/**
 * One origin for an app and the mock backend: in `vite` (dev) and `vite preview` alike, requests
 * under `mockBackendPaths` go to the backend's Fetch handler before Vite sees them, so the app's
 * API and Supabase URLs are its own origin and no CORS is involved. The backend's public URL is
 * that origin, so OAuth and e-mail links come back to the app. The app gets the backend's anon key
 * as `import.meta.env.VITE_SUPABASE_ANON_KEY` unless its environment names one.
 */
export function mockBackendPlugin(options: MockBackendPluginOptions = {}): MockBackendPlugin {
  const { publicUrl, onReady, ...backendOptions } = options
  let resolveBackend!: (backend: MockBackend) => void
  let rejectBackend!: (error: unknown) => void
  const ready = new Promise<MockBackend>((resolve, reject) => {
    resolveBackend = resolve
    rejectBackend = reject
  })
  // Unhandled only when no request ever came: still reported through the server's own error.
  ready.catch(() => {})
  const listener = getRequestListener(nodeFetchCallback(() => ready))
  let started = false

  const start = (url: string) => {
    if (started) return
    started = true
    createMockBackend({ ...backendOptions, publicUrl: url }).then((backend) => {
      resolveBackend(backend)
      onReady?.(backend)
    }, rejectBackend)
  }

  const attach = (server: ViteDevServer | PreviewServer, host: string | boolean | undefined) => {
    const middleware: Connect.NextHandleFunction = (req, res, next) => {
      if (!isMockBackendPath(req.url ?? '/')) return next()
      void listener(req as IncomingMessage, res as ServerResponse)
    }
    server.middlewares.use(middleware)
    const http = server.httpServer
    if (publicUrl || !http) {
      start(publicUrl ?? 'http://localhost')
      return
    }
    http.once('listening', () => {
      const { port, address } = http.address() as AddressInfo
      // `vite --host` and `vite preview --host` reach the LAN: say what that hands out.
      if (!isLoopbackAddress(address)) {
        server.config.logger.warn(`coursekit mock backend: ${exposureWarning(address, backendOptions)}`)
      }
      start(`http://${originHost(host)}:${port}`)
    })
  }

  return {
    name: 'coursekit-mock-backend',
    async config(config, { mode }) {
      const env = loadEnv(mode, config.envDir || config.root || process.cwd(), 'VITE_')
      if (env.VITE_SUPABASE_ANON_KEY) return
      const anonKey =
        backendOptions.anonKey ??
        (await new TokenIssuer(
          backendOptions.jwtSecret ?? DEFAULT_JWT_SECRET,
          systemClock,
          DEFAULT_JWT_EXPIRY_SECONDS,
        ).signAnonKey())
      return { define: { 'import.meta.env.VITE_SUPABASE_ANON_KEY': JSON.stringify(anonKey) } }
    },
    configureServer(server) {
      attach(server, server.config.server.host)
    },
    configurePreviewServer(server) {
      attach(server, server.config.preview.host)
    },
    backend: () => ready,
  }
}

/** The host people type: the configured one, or localhost when it binds every address or none is set. */
function originHost(host: string | boolean | undefined): string {
  if (typeof host !== 'string' || host === '' || host === '0.0.0.0' || host === '::') return 'localhost'
  return host.includes(':') ? `[${host}]` : host
}
