import { InvalidArgumentError, Option } from 'commander'
import { parseDuration } from './duration.ts'

/** Commander argument parsers: a bad value is a clear message naming what was expected (exit 2). */
export function integerIn(min: number, max: number): (value: string) => number {
  return (value) => {
    // A sign is allowed here so that "-5" is told it is out of range rather than "not a whole number".
    if (!/^[-+]?\d+$/.test(value.trim())) throw new InvalidArgumentError(`expected a whole number, got "${value}"`)
    const n = Number(value)
    if (n < min || n > max) throw new InvalidArgumentError(`expected a number from ${min} to ${max}, got ${n}`)
    return n
  }
}

/** Text that must say something: an empty or blank value is refused. */
export function nonBlank(value: string): string {
  if (value.trim() === '') throw new InvalidArgumentError('expected a value, got an empty one')
  return value
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

/** `--clock virtual|real`: commander checks the choice and shows them, with the usage hint, for any other. */
export function clockOption(): Option {
  return new Option('--clock <clock>', 'virtual (simulated time; the default on the embedded backend) or real').choices(
    ['virtual', 'real'],
  )
}
