import type { LocationSnapshot } from '../../kernel/ports.ts'
import { routes } from '../../kernel/routes.ts'

/** How many rounds of percent-decoding are looked through: enough for double and triple encoding. */
const DECODE_ROUNDS = 3

/**
 * A redirect target that arrived from outside (a `redirect` query, OAuth state, stored value) as a
 * path on the app's own origin, or `/` when it is anything else. Accepts only a path that starts
 * with one `/`; refuses protocol-relative (`//host`), backslash (`/\host`, which browsers read as
 * `//host`), scheme (`https:`, `javascript:`), control and whitespace characters (browsers drop tabs
 * and newlines, turning `/\t/host` into `//host`), also where they hide behind percent-encoding, and
 * anything that resolves to another origin.
 *
 * What it returns passes the same checks as what it was given: the URL parser's normalised path
 * has its dot segments removed (`/a/..//host`, `/%2e//host`), which can leave `//host` behind.
 */
export function safeRedirectPath(raw: string | null | undefined, origin: string): string {
  return localTargetPath(raw, origin) ?? routes.home
}

/**
 * The same rule as `safeRedirectPath`, for a caller that must tell a refused target apart (a link
 * from content is no link at all then): the normalised local path, or `null`.
 */
export function localTargetPath(raw: string | null | undefined, origin: string): string | null {
  let base: URL
  try {
    base = new URL(origin)
  } catch {
    return null
  }
  if (typeof raw !== 'string' || !isLocalTarget(raw, base)) return null
  const url = new URL(raw, base)
  const path = `${url.pathname}${url.search}${url.hash}`
  return isLocalTarget(path, base) ? path : null
}

/**
 * A plain local path which, as it is and in each of its percent-decodings (a router or server may
 * decode the target once more), resolves on `base`'s origin to a path that starts with one `/`.
 */
function isLocalTarget(path: string, base: URL): boolean {
  if (!isPlainLocalPath(path) || leadsElsewhere(path, base)) return false
  let decoded = path
  for (let round = 0; round < DECODE_ROUNDS; round++) {
    let next: string
    try {
      next = decodeURIComponent(decoded)
    } catch {
      return false
    }
    if (next === decoded) return true
    if (leadsElsewhere(next, base)) return false
    decoded = next
  }
  return true
}

/** Another host as written, or once resolved (with dot segments removed) against `base`. */
function leadsElsewhere(path: string, base: URL): boolean {
  if (startsLikeAnotherHost(path)) return true
  try {
    const url = new URL(path, base)
    return url.origin !== base.origin || startsLikeAnotherHost(url.pathname)
  } catch {
    return true
  }
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

/**
 * The sign-in page for a person whose session ended where `here` is: with `?redirect=` to that
 * place (made safe as any target is), so signing in brings them back there. Home needs no
 * `redirect`: sign-in goes there anyway.
 */
export function signInReturningTo(here: LocationSnapshot): string {
  const back = safeRedirectPath(`${here.pathname}${here.search}${here.hash}`, here.origin)
  return back === routes.home ? routes.signIn : `${routes.signIn}?redirect=${encodeURIComponent(back)}`
}
