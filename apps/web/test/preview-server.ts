import { build, preview } from 'vite'
import { webAppConfig } from '../vite.config.ts'
import { testLearnerSeeds } from './accounts.ts'

/**
 * Builds the app (into a folder of its own, so a developer's `dist` is left alone) and serves it
 * with `vite preview` and the mock backend on a free loopback port; prints `{"origin": ...}` once it
 * answers and serves until its parent ends it. Run as its own process by the browser tests' global
 * setup, with the `@coursekit/source` condition the workspace packages need.
 */
const outDir = 'node_modules/.cache/web-test-build'
const config = webAppConfig({ users: testLearnerSeeds })
await build({ ...config, logLevel: 'warn', build: { ...config.build, outDir } })
const server = await preview({
  ...config,
  logLevel: 'warn',
  build: { ...config.build, outDir },
  preview: { port: 0, host: '127.0.0.1', strictPort: false },
})
const origin = server.resolvedUrls?.local[0]?.replace(/\/$/, '')
if (!origin) throw new Error('vite preview gave no URL')
process.stdout.write(`${JSON.stringify({ origin })}\n`)
const stop = () => void server.close().then(() => process.exit(0))
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
// The parent went away without a signal: stop too.
process.stdin.on('end', stop)
process.stdin.resume()
