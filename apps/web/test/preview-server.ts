import { previewApp } from '../scripts/preview-app.ts'
import { testLearnerSeeds } from './accounts.ts'

/**
 * The built app on `vite preview` with the mock backend (and the tests' learners); prints
 * `{"origin": ...}` once it answers and serves until its parent ends it. Run as its own process by
 * the browser tests' global setup, with the `@coursekit/source` condition the workspace packages need.
 */
const app = await previewApp({ users: testLearnerSeeds }, 'node_modules/.cache/web-test-build')
process.stdout.write(`${JSON.stringify({ origin: app.origin })}\n`)
const stop = () => void app.close().then(() => process.exit(0))
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
// The parent went away without a signal: stop too.
process.stdin.on('end', stop)
process.stdin.resume()
