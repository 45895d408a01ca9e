/** A lesson's length as a person reads it: 45초, 3분, 12분 5초. */
export function lessonDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds))
  const minutes = Math.floor(whole / 60)
  const rest = whole % 60
  if (minutes === 0) return `${rest}초`
  return rest === 0 ? `${minutes}분` : `${minutes}분 ${rest}초`
}
