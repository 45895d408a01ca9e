import { describe, expect, it } from 'vitest'
import { discountCodesForCourse } from './discount-codes.ts'

const codes = [
  { id: 1, code: 'ALL', courseIds: null, expiresAt: '2026-12-31T14:59:59.000Z' },
  { id: 2, code: 'SOME', courseIds: [101, 103], expiresAt: '2026-11-30T14:59:59.000Z' },
  { id: 3, code: 'OTHER', courseIds: [104], expiresAt: '2026-12-15T14:59:59.000Z' },
  { id: 4, code: 'FOREVER' },
]
const at = (iso: string) => Date.parse(iso)
const names = (courseId: number | string, now: number) =>
  discountCodesForCourse(codes, courseId, now).map((code) => code.code)

describe('discountCodesForCourse', () => {
  it("keeps codes for every course and those naming this one (the id as a number or a route's text)", () => {
    expect(names(101, at('2026-11-25T00:00:00Z'))).toEqual(['ALL', 'SOME', 'FOREVER'])
    expect(names('104', at('2026-11-25T00:00:00Z'))).toEqual(['ALL', 'OTHER', 'FOREVER'])
    expect(names(102, at('2026-11-25T00:00:00Z'))).toEqual(['ALL', 'FOREVER'])
  })

  it('drops a code from the moment it expires on the given clock', () => {
    expect(names(101, at('2026-11-30T14:59:58.999Z'))).toContain('SOME')
    expect(names(101, at('2026-11-30T14:59:59.000Z'))).toEqual(['ALL', 'FOREVER'])
    expect(names(101, at('2027-01-01T00:00:00Z'))).toEqual(['FOREVER'])
  })
})
