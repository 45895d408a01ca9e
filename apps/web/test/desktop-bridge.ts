import { fileURLToPath } from 'node:url'
import type { BrowserContext } from 'playwright-core'
import type { DesktopHost } from './desktop-host.ts'

/**
 * The bridge the real wrapper injects (apps/desktop/src/page-bridge.js: Tauri 2's
 * `window.__TAURI_INTERNALS__.invoke(cmd, args, options)` and `globalThis.isTauri`, which
 * `@tauri-apps/api/core` reads), here posting its JSON messages to a Playwright binding instead of
 * WebKitGTK's script message handler, so `@tauri-apps/api`'s own `invoke` and `isTauri` reach `host`
 * unchanged. Both scripts run at document start in every page of the context, before the app.
 */
const PAGE_BRIDGE = fileURLToPath(new URL('../../desktop/src/page-bridge.js', import.meta.url))

/** The binding the shim posts to: one JSON text `{ cmd, args }` in, the JSON text of the result out. */
const BINDING = '__coursekitNativeHost'

/** What page-bridge.js posts to: WebKitGTK's `window.webkit.messageHandlers.coursekit`, whose `postMessage` resolves the reply. */
const MESSAGE_HANDLER_SHIM = `(() => {
  const post = (message) => window.${BINDING}(message)
  Object.defineProperty(window, 'webkit', {
    value: Object.freeze({ messageHandlers: Object.freeze({ coursekit: Object.freeze({ postMessage: post }) }) }),
  })
})()`

export async function installDesktopBridge(context: BrowserContext, host: DesktopHost): Promise<void> {
  await context.exposeBinding(BINDING, async (_source, message: unknown) => {
    if (typeof message !== 'string') throw new Error('the bridge posts JSON text')
    const { cmd, args } = JSON.parse(message) as { cmd: string; args: unknown }
    return JSON.stringify((await host.invoke(cmd, args)) ?? null)
  })
  await context.addInitScript(MESSAGE_HANDLER_SHIM)
  await context.addInitScript({ path: PAGE_BRIDGE })
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
