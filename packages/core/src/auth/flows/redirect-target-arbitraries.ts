/**
 * Test-only (not exported): redirect targets an attacker could put in a `redirect` query, an OAuth
 * state or a stored target, built from the pieces that make a URL parser, a browser or a router
 * read a path as another host: dot segments (also percent-encoded: the URL parser removes `%2e`
 * segments too), slashes and backslashes, `@`, tabs and newlines, schemes and host-like words.
 */
import fc from 'fast-check'

const PIECES = [
  '.',
  '..',
  '%2e',
  '%2E',
  '%2e%2e',
  '%2E%2E',
  '.%2e',
  '%2e.',
  '/',
  '//',
  '\\',
  '/\\',
  '%2f',
  '%2F',
  '%5c',
  '%5C',
  '%252f',
  '@',
  '%40',
  ':',
  '\t',
  '\n',
  '%09',
  '%0a',
  ' ',
  '?',
  '#',
  'a',
  'b',
  'courses',
  'evil.example',
  'evil.example:443',
  'app.example',
  'app.example@evil.example',
  'https:',
  'javascript:',
]

/** Path segments: dot segments in their spellings, nothing at all (a doubled slash), hosts, words. */
const SEGMENTS = [
  '.',
  '..',
  '%2e',
  '%2E',
  '%2e%2e',
  '%2E%2E',
  '.%2e',
  '',
  '',
  'a',
  'courses',
  'evil.example',
  '@evil.example',
]

/** What goes between two segments: mostly one slash, sometimes what a browser reads as more. */
const separator = fc.oneof(
  { weight: 6, arbitrary: fc.constant('/') },
  { weight: 2, arbitrary: fc.constant('//') },
  { weight: 2, arbitrary: fc.constantFrom('\\', '/\\', '%2f', '%5c', '/\t/', '/%09/', '/%252f') },
)

const segment = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SEGMENTS) },
  { weight: 1, arbitrary: fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 3 }).map((p) => p.join('')) },
)

/**
 * A target: a start, then up to 8 segments with separators between them, so that dot segments
 * followed by an empty one (`/a/..//host`) come up often, among everything else.
 */
export const attackTarget: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom('/', '/', '/', '/', '', '//', '\\', '/.', '/..'),
    fc.array(fc.tuple(segment, separator), { maxLength: 8 }),
    segment,
  )
  .map(([start, parts, last]) => start + parts.map(([name, between]) => name + between).join('') + last)

/** The variants issue 14 names, each of which a path-only check let through as `//x`. */
export const DOT_SEGMENT_ESCAPES = [
  '/.//evil.example',
  '/.//evil.example/phish',
  '/..//x',
  '/%2e//x',
  '/%2E%2E//x',
  '/a/..//x',
  '/a/b/../..//x',
  '/./\\x',
  '/%2e%2e/%2e//x',
  // Dot segments that only a second decoding reveals, for a router that decodes once more.
  '/%252e%252e//x',
  '/a/%252E%252E//x',
]

/** Whether `target`, followed from the page at `page`, stays on the page's origin (one that does not parse does not). */
export function staysOn(page: string, target: string): boolean {
  try {
    return new URL(target, page).origin === new URL(page).origin
  } catch {
    return false
  }
}
