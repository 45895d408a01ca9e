import { describe, expect, it } from 'vitest'
import { parseApiBase, resolveTarget } from './request-target.ts'

const base = parseApiBase('https://api.coursekit.test')

describe('resolveTarget', () => {
  it('resolves a relative path under the base and adds the query, skipping empty values', () => {
    const target = resolveTarget(base, '/api/v2/courses', {
      page: 2,
      q: '한국어',
      skip: undefined,
      none: null,
      tag: ['a', 'b'],
    })
    expect(target.url).toBe(
      'https://api.coursekit.test/api/v2/courses?page=2&q=%ED%95%9C%EA%B5%AD%EC%96%B4&tag=a&tag=b',
    )
    expect(target.sendsBearer).toBe(false)
  })

  it('sends the bearer to a non-public API path', () => {
    expect(resolveTarget(base, 'api/v2/session-tracker/sessions').sendsBearer).toBe(true)
  })

  it('judges the path after resolving dot segments', () => {
    const target = resolveTarget(base, '/api/v2/courses/../../users/1')
    expect(target.apiPath).toBe('/api/users/1')
    expect(target.sendsBearer).toBe(true)
  })

  it('never sends the bearer to another origin, even on a non-public path', () => {
    for (const url of [
      'https://evil.test/api/v2/session-tracker',
      'http://api.coursekit.test/api/users/1',
      'https://api.coursekit.test:8443/api/users/1',
      '//evil.test/api/users/1',
    ]) {
      const target = resolveTarget(base, url)
      expect(target.apiPath, url).toBeNull()
      expect(target.sendsBearer, url).toBe(false)
    }
  })

  it('sends the bearer to an absolute URL on the API itself', () => {
    expect(resolveTarget(base, 'https://api.coursekit.test/api/users/1').sendsBearer).toBe(true)
  })

  it('honours a base path prefix for both resolution and the public check', () => {
    const prefixed = parseApiBase('https://host.test/backend/')
    const course = resolveTarget(prefixed, '/api/v2/courses')
    expect(course.url).toBe('https://host.test/backend/api/v2/courses')
    expect(course.apiPath).toBe('/api/v2/courses')
    expect(course.sendsBearer).toBe(false)
    expect(resolveTarget(prefixed, '/api/users/1').sendsBearer).toBe(true)
    expect(resolveTarget(prefixed, 'https://host.test/elsewhere/api/users/1').sendsBearer).toBe(false)
    expect(resolveTarget(prefixed, 'https://host.test/backendx/api/users/1').sendsBearer).toBe(false)
  })

  it('rejects a base that is not an absolute URL', () => {
    expect(() => parseApiBase('/api')).toThrow(TypeError)
  })
})
