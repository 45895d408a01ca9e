import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'

/** Where test/preview-server.ts builds the app the journeys run against. */
const builtAssets = fileURLToPath(new URL('../node_modules/.cache/web-test-build/assets/', import.meta.url))

/** The path of one page's code in that build, e.g. `home-page` → `/assets/home-page-WxteawtJ.js`. */
function pageCodePath(name: string): string {
  const file = readdirSync(builtAssets).find((entry) => entry.startsWith(`${name}-`) && entry.endsWith('.js'))
  if (!file) throw new Error(`No page code named ${name} in ${builtAssets}`)
  return `/assets/${file}`
}

/**
 * Loads a page's code into the page's module map (the same URL the router's lazy route imports) and
 * waits until it is there, in real time. Before a clock check, it makes a navigation to that page
 * settle as soon as the clock lets it start: the router's own import of it then resolves at once, so
 * the address shows on the clock instead of whenever a chunk arrives. After the clock moved, calling
 * it again waits for an import the router may have started meanwhile (both wait on the same module).
 */
export async function loadPageCode(page: Page, name: string): Promise<void> {
  // A string, not a function: Vitest would rewrite an `import()` written here into its own loader.
  await page.evaluate(`import(${JSON.stringify(pageCodePath(name))}).then(() => undefined)`)
}

/** The page's own address now (Playwright's `page.url()` follows it by events, which may trail). */
export async function pathname(page: Page): Promise<string> {
  return await page.evaluate(() => location.pathname)
}
