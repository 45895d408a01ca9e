/**
 * Durations as people write them on a command line or in a scenario: `24h`, `90m`, `1h30m`,
 * `45s`, `250ms`, `2d`; a bare number is milliseconds.
 */
const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }

export function parseDuration(text: string | number): number | null {
  if (typeof text === 'number') return Number.isFinite(text) && text >= 0 ? text : null
  const trimmed = text.trim()
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed)
  const part = /(\d+(?:\.\d+)?)(ms|s|m|h|d)/y
  let total = 0
  let at = 0
  while (at < trimmed.length) {
    part.lastIndex = at
    const match = part.exec(trimmed)
    if (!match) return null
    total += Number(match[1]) * UNIT_MS[match[2]!]!
    at = part.lastIndex
  }
  return at === 0 ? null : Math.round(total)
}

/** `1h 05m`, `20m`, `45s`, `250ms`: short, for tables and messages. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}ms`
  if (ms < 59_950) return `${trimZero((ms / 1000).toFixed(1))}s`
  const totalSeconds = Math.round(ms / 1000)
  const totalMinutes = Math.floor(totalSeconds / 60)
  const seconds = totalSeconds % 60
  if (totalMinutes < 60) return seconds === 0 ? `${totalMinutes}m` : `${totalMinutes}m ${pad(seconds)}s`
  const hours = Math.floor(totalMinutes / 60)
  const minutes = totalMinutes % 60
  return minutes === 0 ? `${hours}h` : `${hours}h ${pad(minutes)}m`
}

/** `05:20:00` (hours may exceed 24): the simulated time of a progress line. */
export function formatClock(ms: number): string {
  const totalSeconds = Math.floor(ms / 1000)
  const hours = Math.floor(totalSeconds / 3600)
  const minutes = Math.floor((totalSeconds % 3600) / 60)
  return `${pad(hours)}:${pad(minutes)}:${pad(totalSeconds % 60)}`
}

const pad = (n: number) => String(n).padStart(2, '0')
const trimZero = (text: string) => text.replace(/\.0$/, '')
