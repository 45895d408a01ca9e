import { useAuthGate, useCourse, useCurriculum } from '@coursekit/react'
import type { ReactNode } from 'react'
import { useLocation, useParams } from 'react-router'
import { signInPath } from '../../app/paths.ts'
import { FailedState } from '../../ui/failed-state.tsx'
import { OfflineBanner } from '../../ui/offline-banner.tsx'
import { LessonNotFound } from './lesson-not-found.tsx'
import { LessonSkeleton } from './lesson-skeleton.tsx'
import { LessonView } from './lesson-view.tsx'

/**
 * `/courses/:courseId/lessons/:lessonId`: the lesson's video, its course and the course's lessons.
 * Preview lessons play signed out; any other sends a signed-out visitor to sign in and back here.
 */
export function LessonPage(): ReactNode {
  const { courseId = '', lessonId = '' } = useParams()
  const { pathname } = useLocation()
  const course = useCourse(courseId)
  const { view: lessonList, lessons } = useCurriculum(courseId)
  const lesson = lessons.find((item) => String(item.id) === lessonId)
  const needsSignIn = lesson !== undefined && !lesson.isPreview
  const auth = useAuthGate({ redirectTo: needsSignIn ? signInPath(pathname) : null })

  if (course.notFound) return <LessonNotFound courseFound={false} courseId={courseId} />
  const views = [course, lessonList]
  const failed = views.find((view) => view.status === 'failed' && view.data === null)
  if (failed) {
    const retry = () => {
      for (const view of views) if (view.status === 'failed') view.retry()
    }
    return failed.offline ? (
      <OfflineBanner onRetry={retry} />
    ) : (
      <FailedState message={failed.failure?.error ?? ''} onRetry={retry} />
    )
  }
  if (course.data === null || lessonList.data === null) return <LessonSkeleton />
  if (!lesson) return <LessonNotFound courseFound courseId={courseId} />
  if (needsSignIn && !auth.isAuthenticated) return <LessonSkeleton />
  return <LessonView course={course.data} lesson={lesson} lessons={lessons} />
}
