import { appendFileSync } from 'node:fs'
import { createServer, request as forward } from 'node:http'
import type { AddressInfo } from 'node:net'
import { isMockBackendPath } from '@coursekit/mock-server/vite'
import { previewApp } from '@coursekit/web/scripts/preview-app.ts'

/**
 * The built learner app with the mock backend (`vite preview`, as the web tests serve it), behind a
 * pass-through server that writes every backend request it forwards (method and path, one JSON line)
 * to the file named by the first argument: what the server really received, to hold against the
 * shell's command log. Prints `{"origin": ...}` once it answers; serves until its parent ends it.
 * Run as its own process with the `@coursekit/source` condition, like the web tests' preview server.
 */
const [requestLog] = process.argv.slice(2)
if (!requestLog) throw new Error('usage: app-server.ts REQUEST_LOG')

const app = await previewApp({}, 'node_modules/.cache/desktop-test-build')
const upstream = new URL(app.origin)

const front = createServer((incoming, outgoing) => {
  const url = incoming.url ?? '/'
  if (isMockBackendPath(url)) {
    appendFileSync(requestLog, `${JSON.stringify({ method: incoming.method, url: url.replace(/[?#].*$/, '') })}\n`)
  }
  const onward = forward(
    { host: upstream.hostname, port: upstream.port, method: incoming.method, path: url, headers: incoming.headers },
    (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.rawHeaders)
      answer.pipe(outgoing)
    },
  )
  onward.on('error', (error) => outgoing.destroy(error))
  incoming.pipe(onward)
})
await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve))
const origin = `http://127.0.0.1:${(front.address() as AddressInfo).port}`
process.stdout.write(`${JSON.stringify({ origin })}\n`)

const stop = () => {
  front.closeAllConnections()
  front.close()
  void app.close().then(() => process.exit(0))
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
// The parent went away without a signal: stop too.
process.stdin.on('end', stop)
process.stdin.resume()
