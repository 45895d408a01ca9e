/** A length in seconds as a player shows it: m:ss, or h:mm:ss from an hour (4:05, 1:02:09). */
export function clockDuration(totalSec: number): string {
  const seconds = Math.max(0, Math.round(totalSec))
  const h = Math.floor(seconds / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  const s = String(seconds % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}

/** The same length for a screen reader, in words (4분 5초, 1시간 2분 9초). */
export function spokenDuration(totalSec: number): string {
  const seconds = Math.max(0, Math.round(totalSec))
  const parts = [
    [Math.floor(seconds / 3600), '시간'],
    [Math.floor((seconds % 3600) / 60), '분'],
    [seconds % 60, '초'],
  ] as const
  const said = parts.filter(([value]) => value > 0).map(([value, unit]) => `${value}${unit}`)
  return said.length > 0 ? said.join(' ') : '0초'
}
