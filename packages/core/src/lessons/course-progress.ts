import type { LessonProgressRecord } from './lesson-progress-record.ts'

/** A course's lessons in order, as far as progress needs them. */
export type CourseLessonRef = { readonly id: number; readonly durationSec: number }

export interface CourseProgressSummary {
  /** new: nothing watched; started: something watched, not all done; done: every lesson done. */
  status: 'new' | 'started' | 'done'
  doneCount: number
  total: number
  /** The first lesson not done, in order; the first lesson when all are done; null without lessons. */
  nextLessonId: number | null
}

/** A course's progress on this device, from the lessons' stored progress. */
export function courseProgressOf(
  lessons: readonly CourseLessonRef[],
  record: LessonProgressRecord,
): CourseProgressSummary {
  let doneCount = 0
  let touched = false
  let nextLessonId: number | null = null
  for (const lesson of lessons) {
    const entry = record[String(lesson.id)]
    if (entry) touched = true
    if (entry?.done) doneCount++
    else if (nextLessonId === null) nextLessonId = lesson.id
  }
  const total = lessons.length
  const status = total > 0 && doneCount === total ? 'done' : touched ? 'started' : 'new'
  return { status, doneCount, total, nextLessonId: nextLessonId ?? lessons[0]?.id ?? null }
}
