import { DAY, HOUR, MINUTE, SECOND } from '../kernel/time-units.ts'

/** Largest unit first; the first one the distance reaches is used. */
const UNITS: readonly (readonly [Intl.RelativeTimeFormatUnit, number])[] = [
  ['year', 365 * DAY],
  ['month', 30 * DAY],
  ['week', 7 * DAY],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
  ['second', SECOND],
]

/**
 * `thenMs` relative to `nowMs` in Korean (Intl.RelativeTimeFormat('ko'), numeric: 'auto'):
 * 지금, 30초 전, 5분 전, 3시간 전, 어제, 2주 전, 지난달, ... Future times read 5분 후.
 */
export function koreanRelativeTime(thenMs: number, nowMs: number): string {
  const format = new Intl.RelativeTimeFormat('ko', { numeric: 'auto' })
  const distance = thenMs - nowMs
  for (const [unit, size] of UNITS) {
    if (Math.abs(distance) >= size) return format.format(Math.trunc(distance / size), unit)
  }
  return format.format(0, 'second')
}
