let lastSecond = Number.NaN
/** `YYYY-MM-DDTHH:MM:SS.` of lastSecond. */
let lastPrefix = ''

/**
 * `new Date(ms).toISOString()`. Formatting a Date costs a microsecond, and the server stamps every
 * heartbeat with its time; calls in a row mostly fall in the same second, so its prefix is reused.
 */
export function isoTime(ms: number): string {
  const second = Math.floor(ms / 1000)
  if (second === lastSecond && Number.isInteger(ms)) {
    const milli = ms - second * 1000
    return `${lastPrefix}${milli < 10 ? '00' : milli < 100 ? '0' : ''}${milli}Z`
  }
  const iso = new Date(ms).toISOString()
  // Only the four-digit years have the fixed layout (others are written ±YYYYYY).
  if (Number.isInteger(ms) && iso.length === 24) {
    lastSecond = second
    lastPrefix = iso.slice(0, 20)
  }
  return iso
}
