import { describe, expect, it } from 'vitest'
import { isPublicApiPath } from './public-paths.ts'

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
})
