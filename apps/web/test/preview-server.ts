import { previewApp } from '../scripts/preview-app.ts'
import { linkLegacyAccount, testLearnerSeeds } from './accounts.ts'

/**
 * The built app on `vite preview` with the mock backend (and the tests' learners); prints
 * `{"origin": ..., "anonKey": ...}` once it answers and serves until its parent ends it. Run as its own process by
 * the browser tests' global setup, with the `@coursekit/source` condition the workspace packages need.
 */
let anonKey: (key: string) => void
const keyReady = new Promise<string>((resolve) => {
  anonKey = resolve
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
    onReady: (backend) => anonKey(backend.anonKey),
  },
  'node_modules/.cache/web-test-build',
)
process.stdout.write(`${JSON.stringify({ origin: app.origin, anonKey: await keyReady })}\n`)
const stop = () => void app.close().then(() => process.exit(0))
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
// The parent went away without a signal: stop too.
process.stdin.on('end', stop)
process.stdin.resume()
