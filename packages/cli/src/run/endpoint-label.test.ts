import { describe, expect, it } from 'vitest'
import { createEndpointLabeler, splitUrl } from './endpoint-label.ts'

describe('createEndpointLabeler', () => {
  const labeler = createEndpointLabeler()
  const base = 'http://127.0.0.1:54321'

  it('names contract endpoints by their templates, ids folded', () => {
    expect(labeler.label('POST', `${base}/api/v2/session-tracker/heartbeat`)).toBe(
      'POST /api/v2/session-tracker/heartbeat',
    )
    expect(labeler.label('DELETE', `${base}/api/v2/session-tracker/sessions/u1_abc`)).toBe(
      'DELETE /api/v2/session-tracker/sessions/{id}',
    )
    expect(labeler.label('DELETE', `${base}/api/v2/session-tracker/force-logout/u1_abc?newSessionId=u1_def`)).toBe(
      'DELETE /api/v2/session-tracker/force-logout/{sessionId}',
    )
    expect(labeler.label('GET', `${base}/api/users/00000000-0000-4000-8000-000000000001`)).toBe('GET /api/users/{id}')
  })

  it('names auth calls by path and grant type', () => {
    expect(labeler.label('POST', `${base}/auth/v1/token?grant_type=password`)).toBe(
      'POST /auth/v1/token?grant_type=password',
    )
    expect(labeler.label('POST', `${base}/auth/v1/token?grant_type=refresh_token`)).toBe(
      'POST /auth/v1/token?grant_type=refresh_token',
    )
    expect(labeler.label('POST', `${base}/auth/v1/logout?scope=local`)).toBe('POST /auth/v1/logout')
  })

  it('folds ids of unknown routes so they cannot flood a summary', () => {
    expect(labeler.label('GET', `${base}/api/v3/things/12345/parts`)).toBe('GET /api/v3/things/{id}/parts')
  })

  it('splits URLs without parsing them', () => {
    expect(splitUrl('https://h.example/a/b?x=1#f')).toEqual({ path: '/a/b', search: '?x=1' })
    expect(splitUrl('https://h.example')).toEqual({ path: '/', search: '' })
  })
})
