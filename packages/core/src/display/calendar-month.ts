/**
 * Calendar months in Seoul's time, whatever the machine's zone: the platform's events happen in
 * Korea, so a day is a day in Asia/Seoul. Months are `{ year, month }` with month 1 to 12, written
 * `YYYY-MM` in addresses; days are `YYYY-MM-DD`.
 */

export const PLATFORM_TIME_ZONE = 'Asia/Seoul'

export interface CalendarMonth {
  year: number
  /** 1 to 12. */
  month: number
}

let dayParts: Intl.DateTimeFormat | undefined

/** The Seoul day of an instant, as `YYYY-MM-DD`. */
export function seoulDay(ms: number): string {
  // Made on first use: importing the core touches no global (Intl included).
  dayParts ??= new Intl.DateTimeFormat('en-US', {
    timeZone: PLATFORM_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
  const parts = Object.fromEntries(dayParts.formatToParts(ms).map((part) => [part.type, part.value]))
  return `${parts.year}-${parts.month}-${parts.day}`
}

/** The Seoul month of an instant. */
export function seoulMonth(ms: number): CalendarMonth {
  const [year, month] = seoulDay(ms).split('-').map(Number) as [number, number]
  return { year, month }
}

/** `2026-11` as a month; null for anything else (`2026-13`, `11`, `abc`). */
export function parseMonth(text: string | null | undefined): CalendarMonth | null {
  const match = /^(\d{4})-(\d{2})$/.exec(text ?? '')
  if (!match) return null
  const month = { year: Number(match[1]), month: Number(match[2]) }
  return month.month >= 1 && month.month <= 12 ? month : null
}

export function monthKey({ year, month }: CalendarMonth): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`
}

/** The month `delta` months after `from` (before it when negative). */
export function shiftMonth(from: CalendarMonth, delta: number): CalendarMonth {
  const index = from.year * 12 + (from.month - 1) + delta
  return { year: Math.floor(index / 12), month: (index % 12) + 1 }
}

export interface MonthDay {
  /** `YYYY-MM-DD`. */
  key: string
  /** 1 to 31. */
  day: number
  /** 0 (Sunday) to 6 (Saturday). */
  weekday: number
}

/** Every day of the month in order. A civil date's weekday is the same in every zone, so UTC finds it. */
export function daysOfMonth({ year, month }: CalendarMonth): MonthDay[] {
  const count = new Date(Date.UTC(year, month, 0)).getUTCDate()
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay()
  const prefix = monthKey({ year, month })
  return Array.from({ length: count }, (_, index) => ({
    key: `${prefix}-${String(index + 1).padStart(2, '0')}`,
    day: index + 1,
    weekday: (first + index) % 7,
  }))
}
