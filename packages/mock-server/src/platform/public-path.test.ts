import { isPublicApiPath } from '@coursekit/core/contract'
import { describe, expect, it } from 'vitest'
import { publicPathCheck } from './public-path.ts'

describe('publicPathCheck', () => {
  it('answers as the contract does, asked again or after forgetting', () => {
    const isPublic = publicPathCheck(2)
    const paths = [
      '/api/health',
      '/api/v2/session-tracker/heartbeat',
      '/api/v2/session-tracker/end',
      '/api/v2/session-tracker/end-watch',
      '/api/v2//notices/',
      '/api/users/42',
    ]
    for (let round = 0; round < 3; round++) {
      for (const path of paths) expect(isPublic(path), path).toBe(isPublicApiPath(path))
      for (const path of [...paths].reverse()) expect(isPublic(path), path).toBe(isPublicApiPath(path))
    }
    expect(paths.map(isPublic)).toEqual([true, false, true, false, true, false])
  })
})
