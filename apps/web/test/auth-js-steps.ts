import type { Page } from '@coursekit/test-browser'

/**
 * Watches for the script chunk that carries Supabase auth-js (its storage key prefix is its marker,
 * as in first-load-size.test.ts), holding it back while `held` is pending. `requested` resolves when
 * the page asks for it; `count()` says how often it did.
 */
export async function watchAuthJs(
  page: Page,
  held: Promise<void> = Promise.resolve(),
): Promise<{ requested: Promise<void>; count: () => number }> {
  let requests = 0
  let markRequested = () => {}
  const requested = new Promise<void>((resolve) => {
    markRequested = resolve
  })
  await page.route('**/assets/*.js', async (route) => {
    const response = await route.fetch()
    const body = await response.text()
    if (body.includes('supabase.auth.token')) {
      requests++
      markRequested()
      await held
    }
    await route.fulfill({ response, body })
  })
  return { requested, count: () => requests }
}
