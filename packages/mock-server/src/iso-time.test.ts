import { describe, expect, it } from 'vitest'
import { isoTime } from './iso-time.ts'

describe('isoTime', () => {
  it('writes what toISOString writes, in and across seconds, in any order', () => {
    const start = Date.UTC(2026, 10, 2, 9, 0, 59)
    const times = [
      start,
      start + 1,
      start + 9,
      start + 10,
      start + 99,
      start + 100,
      start + 999,
      start + 1000,
      start + 1001,
      start + 5,
      start - 86_400_000,
      start + 1005,
      0,
      -1,
      -999,
      -1000,
      -62_167_219_200_000,
      Date.UTC(9999, 11, 31, 23, 59, 59, 999),
      Date.UTC(10000, 0, 1),
      Date.UTC(10000, 0, 1) + 7,
      -62_167_219_200_001,
      -62_167_219_200_000 - 5,
      start + 2,
      start + 2.5,
      start + 1.75,
      -1000,
      -999.5,
      -0.5,
      -1.5,
    ]
    for (const ms of times) expect(isoTime(ms), String(ms)).toBe(new Date(ms).toISOString())
    for (const ms of [...times].reverse()) expect(isoTime(ms), String(ms)).toBe(new Date(ms).toISOString())
  })

  it('refuses a time that is not one, as toISOString does', () => {
    expect(() => isoTime(Number.NaN)).toThrow(RangeError)
    expect(() => isoTime(8.64e15 + 1)).toThrow(RangeError)
  })
})
