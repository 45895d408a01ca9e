import { describe, expect, it } from 'vitest'
import { PUBLIC_ENDPOINTS } from '../contract/public-paths.ts'
import { parseApiBase, resolveTarget, targetResolver } from './request-target.ts'

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

describe('targetResolver', () => {
  const paths = [
    '/api/v2/session-tracker/heartbeat',
    'api/v2/session-tracker/sessions',
    '/api/v2/courses/../users/1',
    '/api/v2/courses/..%2Fusers/1',
    '/api/v2/users/exists/email/a%2Fb%40x.test',
    'https://evil.test/api/v2/session-tracker',
    '//evil.test/api/users/1',
    'https://api.coursekit.test/api/users/1',
    ...PUBLIC_ENDPOINTS.flatMap((entry) => entry.prefixes.flatMap((prefix) => [prefix, `${prefix}/1`])),
  ]

  it('answers what resolveTarget answers, the first time and every time after', () => {
    const resolve = targetResolver(base)
    for (let round = 0; round < 2; round++) {
      for (const path of paths) expect(resolve(path), path).toEqual(resolveTarget(base, path))
    }
  })

  it('remembers a path without a query, and never lets its target be changed', () => {
    const resolve = targetResolver(base)
    const first = resolve('/api/v2/session-tracker/heartbeat')
    expect(resolve('/api/v2/session-tracker/heartbeat')).toBe(first)
    expect(Object.isFrozen(first)).toBe(true)
  })

  it('resolves a query every time', () => {
    const resolve = targetResolver(base)
    const target = resolve('/api/v2/courses', { page: 2 })
    expect(target.url).toBe('https://api.coursekit.test/api/v2/courses?page=2')
    expect(resolve('/api/v2/courses', { page: 3 }).url).toBe('https://api.coursekit.test/api/v2/courses?page=3')
    expect(resolve('/api/v2/courses').url).toBe('https://api.coursekit.test/api/v2/courses')
  })

  it('keeps only the last `limit` paths', () => {
    const resolve = targetResolver(base, 2)
    const heartbeat = resolve('/api/v2/session-tracker/heartbeat')
    resolve('/api/users/1')
    expect(resolve('/api/v2/session-tracker/heartbeat')).toBe(heartbeat)
    resolve('/api/users/2')
    const again = resolve('/api/v2/session-tracker/heartbeat')
    expect(again).not.toBe(heartbeat)
    expect(again).toEqual(heartbeat)
  })

  it('remembers nothing for a path that does not resolve', () => {
    const resolve = targetResolver(base)
    expect(() => resolve('https://')).toThrow(TypeError)
    expect(() => resolve('https://')).toThrow(TypeError)
  })
})
