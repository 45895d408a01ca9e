import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { afterSignInTarget, safeRedirectPath, signInReturningTo } from './redirect-target.ts'
import { attackTarget, DOT_SEGMENT_ESCAPES, staysOn } from './redirect-target-arbitraries.ts'

const ORIGIN = 'https://app.coursekit.test'

/** Open-redirect payloads: every one must become `/`. */
const PAYLOADS = [
  '//evil.example',
  '//evil.example/courses',
  '///evil.example',
  '////evil.example',
  '/\\evil.example',
  '/\\/evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  'https://evil.example',
  'http://evil.example/',
  'HTTPS://EVIL.EXAMPLE',
  'https:evil.example',
  'https:/evil.example',
  'https://app.coursekit.test.evil.example/',
  'https://app.coursekit.test@evil.example/',
  '//app.coursekit.test@evil.example',
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  'jAvAsCrIpT:alert(document.cookie)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '/%2F%2Fevil.example',
  '/%2fevil.example',
  '%2F%2Fevil.example',
  '/%5Cevil.example',
  '/%5cevil.example',
  '/%252F%252Fevil.example',
  '/%255C%255Cevil.example',
  '/%25252F%25252Fevil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '/%09/evil.example',
  '/%0a/evil.example',
  '/%0D%0A/evil.example',
  ' //evil.example',
  '\u3000//evil.example',
  '/\u2028/evil.example',
  '/\u0000/evil.example',
  '//%65vil.example',
  '/%2F%5Cevil.example',
  '/%E0%A4%A',
  'evil.example',
  '.evil.example',
  '@evil.example',
  'https://app.coursekit.test/courses',
  '',
]

describe('safeRedirectPath', () => {
  it(`turns each of ${PAYLOADS.length} open-redirect payloads into /`, () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(30)
    for (const payload of PAYLOADS) {
      expect(safeRedirectPath(payload, ORIGIN), JSON.stringify(payload)).toBe('/')
    }
  })

  it('keeps paths of the app, with their query and hash', () => {
    expect(safeRedirectPath('/courses/101', ORIGIN)).toBe('/courses/101')
    expect(safeRedirectPath('/courses?tab=reviews#top', ORIGIN)).toBe('/courses?tab=reviews#top')
    expect(safeRedirectPath('/search?q=a%20b', ORIGIN)).toBe('/search?q=a%20b')
    expect(safeRedirectPath('/%ED%95%9C%EA%B8%80', ORIGIN)).toBe('/%ED%95%9C%EA%B8%80')
    expect(safeRedirectPath('/courses/../mentors', ORIGIN)).toBe('/mentors')
    expect(safeRedirectPath('/', ORIGIN)).toBe('/')
  })

  it('is / for nothing at all', () => {
    expect(safeRedirectPath(null, ORIGIN)).toBe('/')
    expect(safeRedirectPath(undefined, ORIGIN)).toBe('/')
  })
})

describe('afterSignInTarget', () => {
  it('sends a target under /sign/ to / and keeps the others (spec section 2)', () => {
    expect(afterSignInTarget('/sign/in')).toBe('/')
    expect(afterSignInTarget('/sign/complete/u/e')).toBe('/')
    expect(afterSignInTarget('/courses/101')).toBe('/courses/101')
  })
})

describe('safeRedirectPath returns a path of the app, whatever it was given', () => {
  const origin = 'https://app.example'
  const page = `${origin}/auth/callback`

  /** `path` decoded once and twice, as far as it decodes. */
  const decodings = (path: string): string[] => {
    const layers: string[] = []
    let layer = path
    for (let round = 0; round < 2; round++) {
      try {
        layer = decodeURIComponent(layer)
      } catch {
        break
      }
      layers.push(layer)
    }
    return layers
  }

  it.each(DOT_SEGMENT_ESCAPES)('%j: dot segments do not turn it into another host', (target) => {
    const path = safeRedirectPath(target, origin)
    expect(path).toBe('/')
  })

  it('every output starts with one slash, stays on the origin from any page of the app, and is kept as it is', () => {
    fc.assert(
      fc.property(attackTarget, (target) => {
        const path = safeRedirectPath(target, origin)
        expect(path).toMatch(/^\/(?![/\\])/)
        expect(staysOn(page, path)).toBe(true)
        expect(staysOn(`${origin}/a/b/c`, path)).toBe(true)
        // Given back to itself it stays as it is: nothing more to normalise into another host.
        expect(safeRedirectPath(path, origin)).toBe(path)
        // A router that decodes it once or twice more finds a path of the app too.
        for (const decoded of decodings(path)) expect([decoded, staysOn(page, decoded)]).toEqual([decoded, true])
      }),
      { numRuns: 5_000 },
    )
  })
})

describe('signInReturningTo', () => {
  const at = (path: string) => {
    const url = new URL(path, 'https://app.example')
    return { href: url.href, origin: url.origin, pathname: url.pathname, search: url.search, hash: url.hash }
  }

  it('is the sign-in page with the place, its query and hash, as ?redirect=', () => {
    expect(signInReturningTo(at('/courses'))).toBe('/sign/in?redirect=%2Fcourses')
    expect(signInReturningTo(at('/courses/c1?tab=qna&page=2#reply'))).toBe(
      '/sign/in?redirect=%2Fcourses%2Fc1%3Ftab%3Dqna%26page%3D2%23reply',
    )
    const back = new URL(signInReturningTo(at('/my/courses?sort=new')), 'https://app.example')
    expect(back.searchParams.get('redirect')).toBe('/my/courses?sort=new')
  })

  it('is the bare sign-in page from home, and from a place the safe-redirect rule refuses', () => {
    expect(signInReturningTo(at('/'))).toBe('/sign/in')
    expect(signInReturningTo({ ...at('/'), pathname: '//evil.example/x' })).toBe('/sign/in')
  })
})
