/** Where a lesson plays. */
export function lessonPath(lesson: { courseId: number; id: number }): string {
  return `/courses/${lesson.courseId}/lessons/${lesson.id}`
}
