import { describe, expect, it } from 'vitest'
import { isPublicApiPath, PUBLIC_ENDPOINTS } from './public-paths.ts'

describe('isPublicApiPath', () => {
  it('matches a public prefix and what lies below it', () => {
    expect(isPublicApiPath('/api/v2/notices')).toBe(true)
    expect(isPublicApiPath('/api/v2/notices/7')).toBe(true)
    expect(isPublicApiPath('/api/v2/session-tracker/end')).toBe(true)
    expect(isPublicApiPath('/api/health')).toBe(true)
  })

  it('never matches a sibling that only starts alike', () => {
    expect(isPublicApiPath('/api/v2/session-tracker/end-watch')).toBe(false)
    expect(isPublicApiPath('/api/v2/noticesx')).toBe(false)
    expect(isPublicApiPath('/api/v2/session-tracker/heartbeat')).toBe(false)
    expect(isPublicApiPath('/api/users/1')).toBe(false)
  })

  it('ignores trailing and doubled slashes', () => {
    expect(isPublicApiPath('/api/v2/notices/')).toBe(true)
    expect(isPublicApiPath('/api//v2/notices')).toBe(true)
    expect(isPublicApiPath('/api/v2/session-tracker/end-watch/')).toBe(false)
  })

  it('agrees with the plain reading of the prefix list on every prefix and its near misses', () => {
    // The rule as the spec states it, written the slow way: collapse slashes, drop one trailing
    // slash, and match a prefix exactly or followed by a slash.
    const prefixes = PUBLIC_ENDPOINTS.flatMap((entry) => entry.prefixes)
    const reference = (pathname: string) => {
      const collapsed = pathname.replace(/\/{2,}/g, '/')
      const path = collapsed.length > 1 && collapsed.endsWith('/') ? collapsed.slice(0, -1) : collapsed
      return prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))
    }
    const paths = prefixes.flatMap((prefix) => [
      prefix,
      `${prefix}/`,
      `${prefix}/7`,
      `${prefix}/7/edit`,
      `${prefix}x`,
      `${prefix}-watch`,
      prefix.slice(0, -1),
      prefix.slice(0, prefix.lastIndexOf('/')),
      prefix.replace('/api/', '/api//'),
      prefix.slice(1),
      `/v1${prefix}`,
      prefix.toUpperCase(),
    ])
    paths.push('', '/', '/api', '/api/', '/api/v2', '/api/v2/', '//', '/api/v2/users', '/api/v2/users/me')
    for (const path of paths) expect([path, isPublicApiPath(path)]).toEqual([path, reference(path)])
  })
})
