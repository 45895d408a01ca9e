import { describe, expect, it } from 'vitest'
import { contentLink } from './content-link.ts'

const ORIGIN = 'https://app.coursekit.test'

/** Targets that must be no link: each would leave the site from a click, or run script. */
const NO_LINK = [
  '//evil.example',
  '///evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  ' https://evil.example',
  'https:evil.example',
  'https:/evil.example',
  'https:\\\\evil.example',
  'https://evil.example\\@app.coursekit.test',
  'https://app.coursekit.test@evil.example/',
  'https://user:pass@evil.example/',
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'ftp://evil.example/',
  'mailto:someone@evil.example',
  '/%2F%2Fevil.example',
  '/%5Cevil.example',
  '/\t/evil.example',
  'https://app.coursekit.test//evil.example',
  'evil.example',
  '',
]

describe('contentLink', () => {
  it(`makes no link of ${NO_LINK.length} targets that leave the site in disguise or run script`, () => {
    for (const raw of NO_LINK) expect(contentLink(raw, ORIGIN), JSON.stringify(raw)).toEqual({ kind: 'none' })
  })

  it('is no link for a value that is not text', () => {
    for (const raw of [null, undefined, 42, { href: '/courses' }]) expect(contentLink(raw, ORIGIN).kind).toBe('none')
  })

  it("keeps the app's paths, with their query and hash", () => {
    expect(contentLink('/courses?sale=true', ORIGIN)).toEqual({ kind: 'app', path: '/courses?sale=true' })
    expect(contentLink('/courses/102#reviews', ORIGIN)).toEqual({ kind: 'app', path: '/courses/102#reviews' })
  })

  it("an absolute address on the app's own origin is the app's path", () => {
    expect(contentLink('https://app.coursekit.test/calendar?month=11', ORIGIN)).toEqual({
      kind: 'app',
      path: '/calendar?month=11',
    })
  })

  it('an absolute http(s) address elsewhere is a deliberate external link', () => {
    expect(contentLink('https://evil.example', ORIGIN)).toEqual({ kind: 'external', href: 'https://evil.example/' })
    expect(contentLink('HTTP://partner.example/event?id=3#apply', ORIGIN)).toEqual({
      kind: 'external',
      href: 'http://partner.example/event?id=3#apply',
    })
  })
})
