import { describe, expect, it } from 'vitest'
import { createMemoryStorage } from '../../platform/memory-storage.ts'
import { profileCompletionPath, takeProfileRedirect, withRedirectLimit } from './profile-redirect.ts'
import { fallbackProfile } from './profile-rules.ts'

const incomplete = fallbackProfile({ id: 'u 1', email: 'new+1@coursekit.dev' }, 'EMAIL')

describe('profile completion redirect', () => {
  it('builds /sign/complete/{userId}/{email} with encoded segments', () => {
    expect(profileCompletionPath('u 1', 'new+1@coursekit.dev')).toBe('/sign/complete/u%201/new%2B1%40coursekit.dev')
  })

  it('redirects at most 3 times per browser session, counting in profileRedirectCount, then treats the profile as complete', () => {
    const session = createMemoryStorage()
    const targets = [1, 2, 3, 4].map(() => takeProfileRedirect(withRedirectLimit(incomplete, session), session, '/'))
    expect(targets).toEqual([
      '/sign/complete/u%201/new%2B1%40coursekit.dev',
      '/sign/complete/u%201/new%2B1%40coursekit.dev',
      '/sign/complete/u%201/new%2B1%40coursekit.dev',
      null,
    ])
    expect(session.get('profileRedirectCount')).toBe('3')
    expect(withRedirectLimit(incomplete, session).hasProfile).toBe(true)
  })

  it('never redirects a complete profile nor from the completion page itself, and does not count those', () => {
    const session = createMemoryStorage()
    expect(takeProfileRedirect({ ...incomplete, hasProfile: true }, session, '/')).toBeNull()
    expect(takeProfileRedirect(incomplete, session, '/sign/complete/u/e')).toBeNull()
    expect(session.get('profileRedirectCount')).toBeNull()
    expect(withRedirectLimit(incomplete, session).hasProfile).toBe(false)
  })
})
