import { describe, expect, it } from 'vitest'
import type { ServerUserRecord } from '../../contract/users.ts'
import {
  effectiveRole,
  fallbackProfile,
  hasRequiredProfileFields,
  profileCompletion,
  profileFromRecord,
  roleMatches,
} from './profile-rules.ts'

const record: ServerUserRecord = {
  id: 'u1',
  email: 'a@coursekit.dev',
  name: '김하늘',
  nickname: '하늘',
  phone: '010-1234-5678',
  role: 'ADMIN',
  status: 1,
  emails: [{ email: 'a@coursekit.dev', isPrimary: true }],
  profileImagePath: '/img/a.png',
  oauthProviders: ['EMAIL', 'GOOGLE'],
  provider: 'EMAIL',
  userIds: ['u1', 'legacy-1'],
}

describe('profile rules', () => {
  it('hasProfile only when name, nickname and phone are all non-blank after trimming', () => {
    expect(hasRequiredProfileFields({ name: 'a', nickname: 'b', phone: 'c' })).toBe(true)
    expect(hasRequiredProfileFields({ name: 'a', nickname: '   ', phone: 'c' })).toBe(false)
    expect(hasRequiredProfileFields({ name: 'a', nickname: 'b', phone: null })).toBe(false)
    expect(hasRequiredProfileFields({ name: '\t', nickname: 'b', phone: 'c' })).toBe(false)
  })

  it('computes the completion percentage over the three fields', () => {
    expect(profileCompletion({ name: null, nickname: null, phone: null })).toBe(0)
    expect(profileCompletion({ name: 'a', nickname: ' ', phone: null })).toBe(33)
    expect(profileCompletion({ name: 'a', nickname: 'b', phone: '' })).toBe(67)
    expect(profileCompletion({ name: 'a', nickname: 'b', phone: 'c' })).toBe(100)
    expect(profileCompletion(null)).toBe(0)
  })

  it('maps the server record to the profile of spec section 3', () => {
    expect(profileFromRecord(record)).toEqual({
      id: 'u1',
      email: 'a@coursekit.dev',
      name: '김하늘',
      nickname: '하늘',
      phone: '010-1234-5678',
      profileImage: '/img/a.png',
      hasProfile: true,
      role: 'ADMIN',
      oauthProviders: ['EMAIL', 'GOOGLE'],
      provider: 'EMAIL',
      userIds: ['u1', 'legacy-1'],
    })
    expect(profileFromRecord({ ...record, userIds: undefined, nickname: ' ' })).toMatchObject({
      userIds: ['u1'],
      hasProfile: false,
    })
  })

  it('falls back to an incomplete USER profile', () => {
    expect(fallbackProfile({ id: 'u1', email: null }, 'KAKAO')).toEqual({
      id: 'u1',
      email: '',
      name: null,
      nickname: null,
      phone: null,
      profileImage: null,
      hasProfile: false,
      role: 'USER',
      oauthProviders: ['KAKAO'],
      provider: 'KAKAO',
      userIds: ['u1'],
    })
  })

  it('applies the role only when the profile is complete, USER otherwise', () => {
    expect(effectiveRole({ hasProfile: true, role: 'ADMIN' })).toBe('ADMIN')
    expect(effectiveRole({ hasProfile: false, role: 'ADMIN' })).toBe('USER')
    expect(effectiveRole({ hasProfile: true, role: '' })).toBe('USER')
    expect(effectiveRole(null)).toBe('USER')
  })

  it('checks one role or a list', () => {
    expect(roleMatches('ADMIN', 'ADMIN')).toBe(true)
    expect(roleMatches('USER', 'ADMIN')).toBe(false)
    expect(roleMatches('USER', ['ADMIN', 'USER'])).toBe(true)
    expect(roleMatches('USER', [])).toBe(false)
    expect(roleMatches(null, ['USER'])).toBe(false)
  })
})
