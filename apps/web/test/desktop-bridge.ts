import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import type { BrowserContext } from 'playwright-core'
import type { DesktopHost } from './desktop-host.ts'

/**
 * The bridge the real wrapper injects (apps/desktop/src/page-bridge.js: Tauri 2's
 * `window.__TAURI_INTERNALS__.invoke(cmd, args, options)` and `globalThis.isTauri`, which
 * `@tauri-apps/api/core` reads), so `@tauri-apps/api`'s own `invoke` and `isTauri` reach `host`
 * unchanged. Both scripts run at document start in every page of the context, before the app.
 */
const PAGE_BRIDGE = fileURLToPath(new URL('../../desktop/src/page-bridge.js', import.meta.url))

export interface InstalledBridge {
  close(): Promise<void>
}

/**
 * page-bridge.js posts each invoke as JSON text `{ cmd, args }` to WebKitGTK's
 * `window.webkit.messageHandlers.coursekit`, whose `postMessage` resolves with the reply's JSON text.
 * Here that handler posts to the host over loopback HTTP, as Tauri 2's own IPC posts to its `ipc:`
 * protocol: a keepalive fetch, so an invoke made while the page goes away (the beacons at page
 * hide) still arrives, where a Playwright binding's call would be dropped with the page.
 */
function messageHandlerShim(ipcUrl: string): string {
  return `(() => {
    const post = (message) =>
      fetch(${JSON.stringify(ipcUrl)}, { method: 'POST', body: message, keepalive: true, headers: { 'content-type': 'text/plain' } })
        .then((reply) => reply.json())
        .then((reply) => {
          if (!reply.ok) throw reply.error
          return reply.value
        })
    Object.defineProperty(window, 'webkit', {
      value: Object.freeze({ messageHandlers: Object.freeze({ coursekit: Object.freeze({ postMessage: post }) }) }),
    })
  })()`
}

/**
 * The host's end of the bridge for pages of `appOrigin`: POST /invoke with the JSON text `{ cmd,
 * args }`, answered `{ ok: true, value: <the result's JSON text> }` or `{ ok: false, error: <its
 * message> }` (a 200 either way: a failed command is no failed load in the page's console).
 */
async function listenForInvokes(host: DesktopHost, appOrigin: string) {
  const server = createServer((request, response) => {
    response.setHeader('access-control-allow-origin', appOrigin)
    if (request.method === 'OPTIONS') {
      response.setHeader('access-control-allow-headers', 'content-type')
      response.writeHead(204).end()
      return
    }
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      void (async () => {
        let reply: { ok: true; value: string } | { ok: false; error: string }
        try {
          const { cmd, args } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { cmd: string; args: unknown }
          reply = { ok: true, value: JSON.stringify((await host.invoke(cmd, args)) ?? null) }
        } catch (error) {
          reply = { ok: false, error: (error as Error).message }
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply))
      })()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/invoke`
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  return { url, close }
}

export async function installDesktopBridge(
  context: BrowserContext,
  host: DesktopHost,
  appOrigin: string,
): Promise<InstalledBridge> {
  const ipc = await listenForInvokes(host, appOrigin)
  await context.addInitScript(messageHandlerShim(ipc.url))
  await context.addInitScript({ path: PAGE_BRIDGE })
  return { close: ipc.close }
}

/**
 * Makes `origin` unreachable from the pages of `context`, as it is from the wrapper's webview: every
 * request to it is refused, and recorded (`METHOD url`), so a request that skipped the proxy fails
 * its test.
 */
export async function blockDirectRequests(context: BrowserContext, origin: string): Promise<string[]> {
  const direct: string[] = []
  await context.route(
    (url) => url.origin === origin,
    (route) => {
      direct.push(`${route.request().method()} ${route.request().url()}`)
      return route.abort('blockedbyclient')
    },
  )
  return direct
}
