import { describe, expect, it } from 'vitest'
import { afterSignInTarget, safeRedirectPath } from './redirect-target.ts'

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
