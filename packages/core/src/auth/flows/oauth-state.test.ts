import { describe, expect, it } from 'vitest'
import { decodeOAuthState, encodeOAuthState } from './oauth-state.ts'

describe('OAuth state parameter', () => {
  it('round-trips the target and the provider, Korean paths included, URL-safe', () => {
    const encoded = encodeOAuthState({ redirectAfterLogin: '/강의/101?tab=리뷰', provider: 'KAKAO' })
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(decodeOAuthState(encoded)).toEqual({ redirectAfterLogin: '/강의/101?tab=리뷰', provider: 'KAKAO' })
  })

  it('also reads percent-encoded JSON', () => {
    expect(decodeOAuthState(encodeURIComponent(JSON.stringify({ redirectAfterLogin: '/courses' })))).toEqual({
      redirectAfterLogin: '/courses',
    })
  })

  it('is null for nothing, garbage or a state without fields', () => {
    expect(decodeOAuthState(null)).toBeNull()
    expect(decodeOAuthState('')).toBeNull()
    expect(decodeOAuthState('%%%not-base64')).toBeNull()
    expect(decodeOAuthState(encodeOAuthState({ redirectAfterLogin: '' }))).toBeNull()
    expect(decodeOAuthState(btoa('[1,2]'))).toBeNull()
  })
})
