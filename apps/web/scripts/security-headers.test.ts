import { describe, expect, it } from 'vitest'
import { backendSecurityHeaders, contentSecurityPolicy, originsOf, securityHeaders } from './security-headers.ts'

/** The policy as directive name → its sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/)
      return [name, sources]
    }),
  )
}

describe("the app's security headers", () => {
  it('a build runs no inline code, allows one inline stylesheet by hash, and is framed by its own pages only', () => {
    const policy = directives(contentSecurityPolicy({ connect: [], media: [], dev: false }))
    expect(policy.get('default-src')).toEqual(["'self'"])
    expect(policy.get('script-src')).toEqual(["'self'"])
    const styles = policy.get('style-src') ?? []
    expect(styles[0]).toBe("'self'")
    expect(styles.slice(1)).toHaveLength(2)
    for (const source of styles.slice(1)) expect(source).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/)
    expect(policy.get('frame-ancestors')).toEqual(["'self'"])
    expect(policy.get('object-src')).toEqual(["'none'"])
    expect(policy.get('media-src')).toEqual(["'self'", 'blob:'])
    expect(policy.get('connect-src')).toEqual(["'self'", 'blob:'])
  })

  it('names the API, auth and media origins where they are configured', () => {
    const policy = directives(
      contentSecurityPolicy({
        connect: originsOf(['https://api.example.com/v1', 'https://auth.example.com', 'https://media.example.com/']),
        media: originsOf(['https://media.example.com/']),
        dev: false,
      }),
    )
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'blob:',
      'https://api.example.com',
      'https://auth.example.com',
      'https://media.example.com',
    ])
    expect(policy.get('media-src')).toEqual(["'self'", 'blob:', 'https://media.example.com'])
  })

  it("Vite's dev server gets its inline preamble, injected stylesheets and HMR websocket; a build never does", () => {
    const dev = directives(contentSecurityPolicy({ connect: [], media: [], dev: true }))
    expect(dev.get('script-src')).toContain("'unsafe-inline'")
    expect(dev.get('style-src')).toContain("'unsafe-inline'")
    expect(dev.get('connect-src')).toContain('ws:')
    expect(contentSecurityPolicy({ connect: [], media: [], dev: false })).not.toMatch(/unsafe-inline|ws:/)
  })

  it('sends the framing, type and referrer headers with the policy; the backend paths get them without it', () => {
    const headers = securityHeaders({ connect: [], media: [], dev: false })
    expect(Object.keys(headers)).toEqual([
      'Content-Security-Policy',
      'X-Frame-Options',
      'X-Content-Type-Options',
      'Referrer-Policy',
    ])
    expect(headers['X-Frame-Options']).toBe('SAMEORIGIN')
    expect(backendSecurityHeaders()['Content-Security-Policy']).toBe("frame-ancestors 'self'")
  })

  it('a backend setting that is no URL is refused, naming it', () => {
    expect(originsOf([undefined, '', 'https://api.example.com', 'https://api.example.com/x'])).toEqual([
      'https://api.example.com',
    ])
    expect(() => originsOf(['api.example.com'])).toThrow('not a URL: "api.example.com"')
  })
})
