import type { LessonProgressState } from '@coursekit/core'
import { type CourseLessonRef, type CourseProgressSummary, courseProgressOf } from '@coursekit/core/display'
import { useCallback } from 'react'
import { useCourseClient } from '../course-client-context.ts'
import { shallowEqual } from '../shallow-equal.ts'
import { useStore } from '../use-store.ts'

export interface LessonProgressView {
  /** Seconds to resume from (0: from the start, also after a watch that reached the last 5 %). */
  positionSec: number
  done: boolean
}

/** One lesson's progress on this device; re-renders only when it changes (also from another tab). */
export function useLessonProgress(lessonId: number): LessonProgressView {
  const { lessonProgress } = useCourseClient()
  const select = useCallback(
    (state: LessonProgressState): LessonProgressView => {
      const entry = state.lessons[String(lessonId)]
      return { positionSec: entry?.positionSec ?? 0, done: entry?.done ?? false }
    },
    [lessonId],
  )
  return useStore(lessonProgress.store, select, shallowEqual)
}

export type CourseProgressView = CourseProgressSummary

/**
 * A course's progress on this device from its lessons in order: new, started or done, how many are
 * done, and the lesson a Start / Resume / Review button opens (the first not done, else the first).
 */
export function useCourseProgress(lessons: readonly CourseLessonRef[]): CourseProgressView {
  const { lessonProgress } = useCourseClient()
  const select = useCallback((state: LessonProgressState) => courseProgressOf(lessons, state.lessons), [lessons])
  return useStore(lessonProgress.store, select, shallowEqual)
}
