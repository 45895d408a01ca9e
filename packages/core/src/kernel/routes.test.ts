import { describe, expect, it } from 'vitest'
import { isAdminPath } from './routes.ts'

describe('isAdminPath', () => {
  it.each([
    ['/admin', true],
    ['/admin/', true],
    ['/admin/users', true],
    ['/administrator', false],
    ['/courses/admin', false],
    ['/', false],
  ])('%s → %s', (path, expected) => {
    expect(isAdminPath(path)).toBe(expected)
  })
})
