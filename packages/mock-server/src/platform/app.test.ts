import { ApiErrorBody } from '@coursekit/core/contract'
import { describe, expect, it } from 'vitest'
import { createPlatformTestBed, expectBody } from './test-helpers.ts'

describe('platform authentication by path prefix', () => {
  it('answers 401 for an unknown non-public path without a token and 404 with one', async () => {
    const { anonymous, as } = await createPlatformTestBed()
    const learner = await as('learner')
    expect(expectBody(await anonymous.get('/api/v2/no-such-thing'), 401, ApiErrorBody).code).toBe('UNAUTHORIZED')
    expect(expectBody(await learner.get('/api/v2/no-such-thing'), 404, ApiErrorBody).code).toBe('NOT_FOUND')
  })

  it('answers 404, not 401, for an unknown path under a public prefix', async () => {
    const { anonymous } = await createPlatformTestBed()
    expect((await anonymous.get('/api/v2/url-shortener/abc')).status).toBe(404)
  })

  it('does not treat end-watch as the public end', async () => {
    const { anonymous } = await createPlatformTestBed()
    const answer = await anonymous.post('/api/v2/session-tracker/end-watch', { sessionId: 's' })
    expect(expectBody(answer, 401, ApiErrorBody).code).toBe('UNAUTHORIZED')
  })

  it('does not let a trailing slash or doubled slash bypass the check', async () => {
    const { anonymous } = await createPlatformTestBed()
    for (const path of ['/api/v2/session-tracker/sessions/', '//api/v2/session-tracker/sessions']) {
      expect([401, 404]).toContain((await anonymous.get(path)).status)
    }
    expect((await anonymous.get('/api/v2/session-tracker/sessions/')).status).toBe(401)
  })
})
