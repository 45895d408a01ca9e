import type { Page, Route } from 'playwright-core'

/** One planned answer of a routed read: a status and a body, JSON unless `contentType` says otherwise. */
export interface PlannedAnswer {
  status: number
  body: unknown
  contentType?: string
}

/**
 * Answers the page's requests to `path` with `answers`, in turn, one per request; once they are used
 * up, the server answers as usual. Returns the queue, so a test plans the next answer where it needs it.
 */
export async function answerInTurn(page: Page, path: string, method = 'GET'): Promise<PlannedAnswer[]> {
  const answers: PlannedAnswer[] = []
  await page.route(
    (url) => url.pathname === path,
    (route: Route) => {
      const next = route.request().method() === method ? answers.shift() : undefined
      if (!next) return route.fallback()
      const contentType = next.contentType ?? 'application/json'
      const body = typeof next.body === 'string' ? next.body : JSON.stringify(next.body)
      return route.fulfill({ status: next.status, contentType, body })
    },
  )
  return answers
}

/** The texts of the toasts shown now (sonner's region), in the order they are listed. */
export async function toastTexts(page: Page): Promise<string[]> {
  return await page
    .getByRole('region', { name: /Notifications/ })
    .locator('[data-sonner-toast]')
    .allTextContents()
}

/** The refresh-token grant, as the page asks Supabase Auth for it. */
export const isRefreshGrant = (url: URL): boolean =>
  url.pathname === '/auth/v1/token' && url.searchParams.get('grant_type') === 'refresh_token'

/** The platform's profile read of the signed-in user (GET /api/users/{id}). */
export const isProfileRead = (url: URL): boolean => url.pathname.startsWith('/api/users/')
