import type { ApiFailure, LessonProgressState } from '@coursekit/core'
import type { Lesson } from '@coursekit/core/contract'
import { type ContentItem, type CourseProgressSummary, courseProgressOf, sameId } from '@coursekit/core/display'
import { useMemo } from 'react'
import { useCourseClient } from '../course-client-context.ts'
import { useStore } from '../use-store.ts'
import type { EndpointStatus } from './use-endpoint.ts'
import { useEndpoints } from './use-endpoints.ts'

export interface MyCourse {
  course: ContentItem
  /** Its lessons in order. */
  lessons: Lesson[]
  progress: CourseProgressSummary
  /** When this device last saved progress in it, on the client's clock. */
  lastWatchedAt: number
}

export interface MyCoursesView {
  /** Ready when the courses and the lessons are both read. */
  status: EndpointStatus
  offline: boolean
  failure: ApiFailure | null
  /** The courses this device has watched, the latest watched first. */
  courses: MyCourse[]
  retry(): void
}

// The server's largest page: the catalogue's courses and lessons fit in one.
const ALL = { query: { limit: 100 } }
const READS = [
  ['courses', ALL],
  ['lessons', ALL],
] as const
const selectLessons = (state: LessonProgressState) => state.lessons

/**
 * "내 강의실": the courses this device has progress in (lesson progress is kept per device,
 * decisions.md; the contract has no enrolment), each with its progress and the lesson to continue.
 */
export function useMyCourses(): MyCoursesView {
  const client = useCourseClient()
  const [views, retry] = useEndpoints(READS)
  const [courses, lessons] = views
  const record = useStore(client.lessonProgress.store, selectLessons)
  const courseItems = courses.data?.items
  const lessonItems = lessons.data?.items
  const mine = useMemo(() => {
    const all = lessonItems ?? []
    return (courseItems ?? [])
      .map((course): MyCourse => {
        const own = all.filter((lesson) => sameId(lesson.courseId, course.id)).sort((a, b) => a.order - b.order)
        const lastWatchedAt = Math.max(0, ...own.map((lesson) => record[String(lesson.id)]?.savedAt ?? 0))
        return { course, lessons: own, progress: courseProgressOf(own, record), lastWatchedAt }
      })
      .filter((entry) => entry.progress.status !== 'new')
      .sort((a, b) => b.lastWatchedAt - a.lastWatchedAt)
  }, [courseItems, lessonItems, record])
  const failed = views.find((view) => view.status === 'failed') ?? null
  return {
    status: failed ? 'failed' : views.some((view) => view.status === 'loading') ? 'loading' : 'ready',
    offline: views.some((view) => view.offline),
    failure: failed?.failure ?? null,
    courses: mine,
    retry,
  }
}
