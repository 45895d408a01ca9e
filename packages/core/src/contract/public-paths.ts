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

/** A node per path segment: `end` when a prefix ends here, so this path and everything below it is public. */
interface PrefixNode {
  end: boolean
  readonly next: Map<string, PrefixNode>
}

const PUBLIC_TREE: PrefixNode = { end: false, next: new Map() }
for (const prefix of PUBLIC_ENDPOINTS.flatMap((entry) => entry.prefixes)) {
  let node = PUBLIC_TREE
  for (const segment of prefix.split('/').filter(Boolean)) {
    let child = node.next.get(segment)
    if (!child) {
      child = { end: false, next: new Map() }
      node.next.set(segment, child)
    }
    node = child
  }
  node.end = true
}

/** `pathname` is a URL path without query or hash. Trailing slashes and repeated slashes are ignored. */
export function isPublicApiPath(pathname: string): boolean {
  // Every request of every client, and the mock server for each, asks this: keep it a walk down the
  // segments (a few lookups), not a test of each public prefix in turn; `npm run bench:instructions`
  // counts it per request.
  if (pathname.charCodeAt(0) !== 47) return false
  let node = PUBLIC_TREE
  let from = 1
  while (from <= pathname.length) {
    let to = pathname.indexOf('/', from)
    if (to === -1) to = pathname.length
    if (to > from) {
      const child = node.next.get(pathname.slice(from, to))
      if (!child) return false
      if (child.end) return true
      node = child
    }
    from = to + 1
  }
  return false
}
