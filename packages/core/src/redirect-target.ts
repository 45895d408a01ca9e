import { routes } from './routes.ts'

/** How many rounds of percent-decoding are looked through: enough for double and triple encoding. */
const DECODE_ROUNDS = 3

/**
 * A redirect target that arrived from outside (a `redirect` query, OAuth state, stored value) as a
 * path on the app's own origin, or `/` when it is anything else. Accepts only a path that starts
 * with one `/`; refuses protocol-relative (`//host`), backslash (`/\host`, which browsers read as
 * `//host`), scheme (`https:`, `javascript:`), control and whitespace characters (browsers drop tabs
 * and newlines, turning `/\t/host` into `//host`), also where they hide behind percent-encoding, and
 * anything that resolves to another origin.
 */
export function safeRedirectPath(raw: string | null | undefined, origin: string): string {
  if (typeof raw !== 'string' || !isPlainLocalPath(raw)) return routes.home
  // Look through percent-encoding too: a router or server that decodes the target once more must
  // not find `//host` or `/\host` in it either.
  let decoded = raw
  for (let round = 0; round < DECODE_ROUNDS; round++) {
    let next: string
    try {
      next = decodeURIComponent(decoded)
    } catch {
      return routes.home
    }
    if (next === decoded) break
    if (startsLikeAnotherHost(next)) return routes.home
    decoded = next
  }
  let url: URL
  let base: URL
  try {
    base = new URL(origin)
    url = new URL(raw, base)
  } catch {
    return routes.home
  }
  if (url.origin !== base.origin) return routes.home
  return `${url.pathname}${url.search}${url.hash}`
}

/** One leading slash, then no backslash, control or whitespace character anywhere. */
function isPlainLocalPath(path: string): boolean {
  if (!path.startsWith('/') || startsLikeAnotherHost(path)) return false
  // Browsers drop tabs and newlines and read backslashes as slashes, so each of these can turn
  // into a second leading slash or a scheme somewhere.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  return !/[\\\u0000-\u0020\u007f\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]/.test(path)
}

/** `//host` or `/\host`, also with whitespace or control characters between the two. */
function startsLikeAnotherHost(path: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: see isPlainLocalPath
  const squeezed = path.replace(/[\u0000-\u0020\u007f]/g, '')
  return /^[/\\][/\\]/.test(squeezed) || /^[a-z][a-z0-9+.-]*:/i.test(squeezed)
}

/**
 * Where to go after an OAuth sign-in (spec section 2): the target, or `/` when it is a sign-in page
 * (anything under /sign/), so a finished sign-in never lands back on a sign-in form.
 */
export function afterSignInTarget(target: string): string {
  return target.includes('/sign/') ? routes.home : target
}
