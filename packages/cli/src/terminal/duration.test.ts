import { describe, expect, it } from 'vitest'
import { formatClock, formatDuration, parseDuration } from './duration.ts'

describe('durations', () => {
  it('parses what people write', () => {
    expect(parseDuration('24h')).toBe(86_400_000)
    expect(parseDuration('1h30m')).toBe(5_400_000)
    expect(parseDuration('90s')).toBe(90_000)
    expect(parseDuration('250ms')).toBe(250)
    expect(parseDuration('2d')).toBe(172_800_000)
    expect(parseDuration('1.5h')).toBe(5_400_000)
    expect(parseDuration(' 20m ')).toBe(1_200_000)
    expect(parseDuration('1500')).toBe(1500)
    expect(parseDuration(60_000)).toBe(60_000)
  })

  it('refuses anything else', () => {
    for (const bad of ['', 'h', '10 minutes', '5x', '-1h', '1h 30m', 'abc']) expect(parseDuration(bad)).toBeNull()
    expect(parseDuration(-1)).toBeNull()
  })

  it('formats for people and for a progress line', () => {
    expect(formatDuration(250)).toBe('250ms')
    expect(formatDuration(45_000)).toBe('45s')
    expect(formatDuration(1_500)).toBe('1.5s')
    expect(formatDuration(20 * 60_000)).toBe('20m')
    expect(formatDuration(20 * 60_000 + 5_000)).toBe('20m 05s')
    expect(formatDuration(86_400_000)).toBe('24h')
    expect(formatDuration(3_900_000)).toBe('1h 05m')
    expect(formatDuration(3_599_700)).toBe('1h')
    expect(formatDuration(59_990)).toBe('1m')
    expect(formatClock(5 * 3_600_000 + 20 * 60_000 + 3_000)).toBe('05:20:03')
    expect(formatClock(30 * 3_600_000)).toBe('30:00:00')
  })
})
