import { InvalidArgumentError } from 'commander'
import { parseDuration } from './duration.ts'

/** Commander argument parsers: a bad value is a clear message naming what was expected (exit 2). */
export function integerIn(min: number, max: number): (value: string) => number {
  return (value) => {
    if (!/^\d+$/.test(value.trim())) throw new InvalidArgumentError(`expected a whole number, got "${value}"`)
    const n = Number(value)
    if (n < min || n > max) throw new InvalidArgumentError(`expected a number from ${min} to ${max}, got ${n}`)
    return n
  }
}

export function ratio(value: string): number {
  const n = Number(value)
  if (value.trim() === '' || !Number.isFinite(n) || n < 0 || n > 1) {
    throw new InvalidArgumentError(`expected a share from 0 to 1 (e.g. 0.1), got "${value}"`)
  }
  return n
}

export function duration(value: string): number {
  const ms = parseDuration(value)
  if (ms === null) throw new InvalidArgumentError(`expected a duration such as 24h, 90m, 1h30m or 45s, got "${value}"`)
  return ms
}

export function positiveDuration(value: string): number {
  const ms = duration(value)
  if (ms <= 0) throw new InvalidArgumentError('expected a duration above zero')
  return ms
}

export function httpUrl(value: string): string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new InvalidArgumentError(`expected an http(s) URL, got "${value}"`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new InvalidArgumentError(`expected an http(s) URL, got "${value}"`)
  }
  return value.replace(/\/+$/, '')
}
