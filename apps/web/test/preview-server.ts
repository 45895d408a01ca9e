import type { MockBackend } from '@coursekit/mock-server'
import { serveMockBackend } from '@coursekit/mock-server/node'
import { previewApp } from '../scripts/preview-app.ts'
import { serveStaticApp } from '../scripts/static-app.ts'
import { linkLegacyAccount, testLearnerSeeds } from './accounts.ts'

/**
 * The built app on `vite preview` with the mock backend (and the tests' learners), and the same
 * backend on an origin of its own with a second build of the app (its API, auth and media there)
 * as plain static files, for the desktop wrapper's journeys; prints `{"origin", "anonKey",
 * "desktopOrigin", "desktopApiOrigin"}` once all answer and serves until its
 * parent ends it. Run as its own process by the browser tests' global setup, with the
 * `@coursekit/source` condition the workspace packages need.
 */
let backendReady: (backend: MockBackend) => void
const backend = new Promise<MockBackend>((resolve) => {
  backendReady = resolve
})
const app = await previewApp(
  {
    users: testLearnerSeeds,
    legacyAccounts: [linkLegacyAccount],
    // Hour-long tokens, as the real auth server issues them, although the journeys move each page's
    // clock hours ahead of the server's (which runs in real time): the client judges a token's expiry
    // by the server's times (packages/core/src/auth/server-clock.ts), as it must for a learner whose
    // PC clock is off.
    jwtExpirySeconds: 60 * 60,
    onReady: (ready) => backendReady(ready),
  },
  'node_modules/.cache/web-test-build',
)
const { anonKey } = await backend
const api = await serveMockBackend(backend)
const desktopApp = await serveStaticApp(
  { apiBaseUrl: api.url, supabaseUrl: api.url, supabaseAnonKey: anonKey, mediaBaseUrl: api.url },
  'node_modules/.cache/web-test-desktop-build',
  // The wrapper's native message handler, which no CSP governs, is a loopback HTTP server of each
  // test's own here (test/desktop-bridge.ts).
  { extraConnectSources: ['http://127.0.0.1:*'] },
)
process.stdout.write(
  `${JSON.stringify({ origin: app.origin, anonKey, desktopOrigin: desktopApp.origin, desktopApiOrigin: api.url })}\n`,
)
const stop = () => void Promise.all([app.close(), desktopApp.close(), api.close()]).then(() => process.exit(0))
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
// The parent went away without a signal: stop too.
process.stdin.on('end', stop)
process.stdin.resume()
