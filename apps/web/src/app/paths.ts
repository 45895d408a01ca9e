/**
 * `/sign/in`, with `?redirect=` to bring the person back to `from` afterwards (decisions.md, "After
 * sign-in, back where the person was"); the sign-in makes the target safe when it uses it.
 */
export function signInPath(from: string): string {
  return from === '/' || from.startsWith('/sign/') ? '/sign/in' : `/sign/in?redirect=${encodeURIComponent(from)}`
}

/** A lesson's player page. */
export function lessonPath(courseId: string | number, lessonId: string | number): string {
  return `/courses/${courseId}/lessons/${lessonId}`
}
