/**
 * Spec section 6: the endpoints that need no login. Everything else under /api sends a bearer token.
 * Written once; the API client decides bearer placement from it and the mock server its 401s.
 *
 * Each entry names the spec's wording and the path prefixes that serve it. A prefix matches the path
 * itself and anything below it (`/api/v2/notices` matches `/api/v2/notices/7`), never a sibling
 * (`/api/v2/session-tracker/end` does not match `/api/v2/session-tracker/end-watch`).
 */
export const PUBLIC_ENDPOINTS = [
  { name: 'courses', prefixes: ['/api/v2/courses'] },
  { name: 'course-categories', prefixes: ['/api/v2/course-categories'] },
  {
    name: 'user existence/creation/lookup checks',
    prefixes: ['/api/v2/users/exists', '/api/v2/users/create', '/api/v2/users/lookup'],
  },
  {
    name: 'legacy account lookup and integration',
    prefixes: ['/api/v2/users/legacy', '/api/v2/users/verify-legacy-password', '/api/v2/users/activate'],
  },
  { name: 'public user info', prefixes: ['/api/v2/users/public'] },
  { name: 'third-party check', prefixes: ['/api/v2/third-party'] },
  { name: 'mentors', prefixes: ['/api/v2/mentors'] },
  { name: 'account linking', prefixes: ['/api/v2/account-linking'] },
  { name: 'course reviews', prefixes: ['/api/v2/course-reviews'] },
  { name: 'visit analytics', prefixes: ['/api/v2/analytics'] },
  { name: 'session-tracker end', prefixes: ['/api/v2/session-tracker/end'] },
  { name: 'notices', prefixes: ['/api/v2/notices'] },
  { name: 'banners', prefixes: ['/api/v2/banners'] },
  { name: 'calendar', prefixes: ['/api/v2/calendar'] },
  { name: 'lessons', prefixes: ['/api/v2/lessons'] },
  { name: 'available discount codes', prefixes: ['/api/v2/discount-codes/available'] },
  { name: 'ping', prefixes: ['/api/ping'] },
  { name: 'url-shortener', prefixes: ['/api/v2/url-shortener'] },
  { name: 'oauth', prefixes: ['/api/v2/oauth'] },
  { name: 'login-method check', prefixes: ['/api/v2/users/login-method'] },
  { name: 'phone verification for signup', prefixes: ['/api/v2/phone-verification'] },
  { name: 'menu-settings', prefixes: ['/api/v2/menu-settings'] },
  { name: 'non-member payment', prefixes: ['/api/v2/non-member-payment'] },
  { name: 'discount-codes', prefixes: ['/api/v2/discount-codes'] },
  { name: 'health', prefixes: ['/api/health'] },
] as const satisfies readonly { name: string; prefixes: readonly string[] }[]

const PUBLIC_PREFIXES: readonly string[] = PUBLIC_ENDPOINTS.flatMap((entry) => entry.prefixes)

/** `pathname` is a URL path without query or hash. Trailing slashes and repeated slashes are ignored. */
export function isPublicApiPath(pathname: string): boolean {
  const path = normalisePath(pathname)
  // Every request of every client asks this: compare in place, without building strings.
  return PUBLIC_PREFIXES.some(
    (prefix) => path.startsWith(prefix) && (path.length === prefix.length || path.charCodeAt(prefix.length) === 47),
  )
}

function normalisePath(pathname: string): string {
  const collapsed = pathname.replace(/\/{2,}/g, '/')
  return collapsed.length > 1 && collapsed.endsWith('/') ? collapsed.slice(0, -1) : collapsed
}
