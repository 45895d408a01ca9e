import { PLATFORM_TIME_ZONE } from '@coursekit/core/display'

const day = new Intl.DateTimeFormat('ko-KR', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: PLATFORM_TIME_ZONE,
})

/** 2026년 9월 1일, the day in Seoul; '' for no time. */
export function koreanDate(ms: number | null): string {
  return ms === null || Number.isNaN(ms) ? '' : day.format(ms)
}

/** The machine-readable form for `<time dateTime>`; '' for no time. */
export function isoTime(ms: number | null): string {
  return ms === null || Number.isNaN(ms) ? '' : new Date(ms).toISOString()
}
