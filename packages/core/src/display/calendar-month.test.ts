import { describe, expect, it } from 'vitest'
import { daysOfMonth, monthKey, parseMonth, seoulDay, seoulMonth, shiftMonth } from './calendar-month.ts'

describe('calendar months in Seoul time', () => {
  it("an instant's day is its day in Seoul (UTC+9), not the machine's", () => {
    expect(seoulDay(Date.parse('2026-11-30T14:59:59Z'))).toBe('2026-11-30')
    expect(seoulDay(Date.parse('2026-11-30T15:00:00Z'))).toBe('2026-12-01')
    expect(seoulMonth(Date.parse('2026-12-31T15:00:00Z'))).toEqual({ year: 2027, month: 1 })
  })

  it('reads YYYY-MM and nothing else', () => {
    expect(parseMonth('2026-11')).toEqual({ year: 2026, month: 11 })
    for (const bad of ['2026-13', '2026-00', '2026-1', '11', 'abc', '', null, undefined]) {
      expect([bad, parseMonth(bad)]).toEqual([bad, null])
    }
    expect(monthKey({ year: 2026, month: 3 })).toBe('2026-03')
  })

  it('moves across years', () => {
    expect(shiftMonth({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 })
    expect(shiftMonth({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 })
    expect(shiftMonth({ year: 2026, month: 11 }, -13)).toEqual({ year: 2025, month: 10 })
  })

  it('lists every day of the month with its weekday', () => {
    const november = daysOfMonth({ year: 2026, month: 11 })
    expect(november).toHaveLength(30)
    // 1 November 2026 is a Sunday.
    expect(november[0]).toEqual({ key: '2026-11-01', day: 1, weekday: 0 })
    expect(november[29]).toEqual({ key: '2026-11-30', day: 30, weekday: 1 })
    expect(daysOfMonth({ year: 2028, month: 2 })).toHaveLength(29)
  })
})
