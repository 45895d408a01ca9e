import type { Lesson } from '@coursekit/core/contract'
import { type CurriculumView, useLessonProgress } from '@coursekit/react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { lessonPath, signInPath } from '../../app/paths.ts'
import { clockDuration, spokenDuration } from '../../ui/duration.ts'
import { EmptyState } from '../../ui/empty-state.tsx'
import { FailedState } from '../../ui/failed-state.tsx'
import { Skeleton } from '../../ui/skeleton.tsx'

/**
 * The course's lessons in order: number, title, 미리보기 on preview lessons, length, and 완료 on
 * lessons this device finished. Signed out, a preview lesson opens; any other asks to sign in first
 * and comes back to it.
 */
export function Curriculum(props: { courseId: string; curriculum: CurriculumView; signedIn: boolean }): ReactNode {
  const { view, lessons, totalDurationSec } = props.curriculum
  return (
    <section aria-labelledby="course-curriculum" aria-busy={view.status === 'loading'} className="flex flex-col gap-1">
      <div className="flex flex-wrap items-baseline gap-x-1">
        <h2 id="course-curriculum" className="font-bold text-gray-900 text-lg">
          커리큘럼
        </h2>
        {lessons.length > 0 && (
          <p className="text-gray-700 text-sm">
            수업 {lessons.length}개 · 총 <span aria-hidden>{clockDuration(totalDurationSec)}</span>
            <span className="sr-only">{spokenDuration(totalDurationSec)}</span>
          </p>
        )}
      </div>
      {view.status === 'loading' && !view.data ? (
        <div className="flex flex-col gap-0.5">
          <Skeleton className="h-6" />
          <Skeleton className="h-6" />
          <Skeleton className="h-6" />
        </div>
      ) : view.status === 'failed' && lessons.length === 0 ? (
        view.offline ? null : (
          <FailedState message="커리큘럼을 불러오지 못했습니다." onRetry={view.retry} />
        )
      ) : lessons.length === 0 ? (
        <EmptyState>아직 공개된 수업이 없습니다.</EmptyState>
      ) : (
        <ol className="divide-y divide-gray-100 rounded-lg border border-gray-200">
          {lessons.map((lesson) => (
            <LessonRow
              key={lesson.id}
              courseId={props.courseId}
              lesson={lesson}
              open={props.signedIn || lesson.isPreview}
            />
          ))}
        </ol>
      )}
    </section>
  )
}

function LessonRow(props: { courseId: string; lesson: Lesson; open: boolean }): ReactNode {
  const { lesson } = props
  const { done } = useLessonProgress(lesson.id)
  const path = lessonPath(props.courseId, lesson.id)
  return (
    <li>
      <Link
        to={props.open ? path : signInPath(path)}
        className="flex items-center gap-1 px-1.5 py-1 hover:bg-gray-50 sm:px-2"
      >
        <span className="w-2.5 shrink-0 text-right text-gray-600 text-sm tabular-nums">{lesson.order}</span>
        <span className="flex min-w-0 flex-1 flex-col gap-0.5 sm:flex-row sm:items-center sm:gap-1">
          <span className="font-medium">{lesson.title}</span>
          <span className="flex flex-wrap gap-0.5 text-sm">
            {lesson.isPreview && (
              <span className="rounded-md bg-brand-soft px-0.5 font-semibold text-brand-strong">미리보기</span>
            )}
            {done && <span className="rounded-md bg-emerald-50 px-0.5 font-semibold text-emerald-800">완료</span>}
            {!props.open && <span className="text-gray-700">로그인 후 시청</span>}
          </span>
        </span>
        <span className="shrink-0 text-gray-700 text-sm tabular-nums">
          <span aria-hidden>{clockDuration(lesson.durationSec)}</span>
          <span className="sr-only">{spokenDuration(lesson.durationSec)}</span>
        </span>
      </Link>
    </li>
  )
}
