import { PLATFORM_TIME_ZONE } from '@coursekit/core/display'

/** An event's type in words; a type the app does not know yet is just 일정. */
const typeWords: Record<string, string> = {
  LIVE: '라이브',
  DEADLINE: '마감',
  OPEN: '오픈',
  EXAM: '시험',
  EVENT: '행사',
}

export function eventTypeWord(type: string): string {
  return typeWords[type] ?? '일정'
}

/** Distinct looks per type, each with text dark enough on its background (WCAG AA). */
const typeLooks: Record<string, string> = {
  LIVE: 'bg-brand-soft text-brand-strong',
  DEADLINE: 'bg-red-50 text-red-800',
  OPEN: 'bg-emerald-50 text-emerald-800',
}

export function eventTypeLook(type: string): string {
  return typeLooks[type] ?? 'bg-gray-100 text-gray-800'
}

const clock = new Intl.DateTimeFormat('ko-KR', {
  timeZone: PLATFORM_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})
const dayName = new Intl.DateTimeFormat('ko-KR', {
  timeZone: PLATFORM_TIME_ZONE,
  month: 'long',
  day: 'numeric',
  weekday: 'short',
})

/** 20:00 ~ 21:00 in Seoul, or one time for a moment (a deadline). */
export function eventTime(startsAt: number, endsAt: number): string {
  return endsAt > startsAt ? `${clock.format(startsAt)} ~ ${clock.format(endsAt)}` : clock.format(startsAt)
}

/** 11월 5일 (목) for a Seoul day key `YYYY-MM-DD`. */
export function dayTitle(dayKey: string): string {
  // Noon in Seoul is that day in Seoul whatever zone formats it.
  return dayName.format(Date.parse(`${dayKey}T12:00:00+09:00`))
}

/** 2026년 11월. */
export function monthTitle(year: number, month: number): string {
  return `${year}년 ${month}월`
}

export const weekdayWords = ['일', '월', '화', '수', '목', '금', '토']

/** Sundays red and Saturdays blue, as Korean calendars print them (both pass WCAG AA on white). */
export function weekdayLook(weekday: number): string {
  if (weekday === 0) return 'text-red-700'
  if (weekday === 6) return 'text-blue-700'
  return ''
}
