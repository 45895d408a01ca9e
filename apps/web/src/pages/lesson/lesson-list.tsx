import type { Lesson } from '@coursekit/core/contract'
import { useCourseProgress, useLessonProgress } from '@coursekit/react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { lessonPath } from '../../app/paths.ts'
import { clockDuration, spokenDuration } from '../../ui/duration.ts'

/** The course's lessons in order, with what is done on this device and the one playing. */
export function LessonList({ lessons, currentId }: { lessons: readonly Lesson[]; currentId: number }): ReactNode {
  const progress = useCourseProgress(lessons)
  return (
    <section
      aria-labelledby="lesson-list-title"
      className="flex flex-col gap-1 rounded-xl border border-gray-200 p-1.5"
    >
      <div className="flex items-baseline justify-between gap-1 px-0.5">
        <h2 id="lesson-list-title" className="font-bold text-lg">
          수업 목록
        </h2>
        <p className="text-gray-700 text-sm">
          {progress.total}개 중 {progress.doneCount}개 완료
        </p>
      </div>
      <div
        role="progressbar"
        aria-label="강의 진도"
        aria-valuemin={0}
        aria-valuemax={progress.total}
        aria-valuenow={progress.doneCount}
        className="h-1 overflow-hidden rounded-full bg-gray-100"
      >
        <div
          className="h-full bg-brand-strong"
          style={{ width: `${progress.total ? (progress.doneCount / progress.total) * 100 : 0}%` }}
        />
      </div>
      <ol className="flex flex-col">
        {lessons.map((lesson) => (
          <LessonRow key={lesson.id} lesson={lesson} current={lesson.id === currentId} />
        ))}
      </ol>
    </section>
  )
}

function LessonRow({ lesson, current }: { lesson: Lesson; current: boolean }): ReactNode {
  const { done } = useLessonProgress(lesson.id)
  return (
    <li>
      <Link
        to={lessonPath(lesson.courseId, lesson.id)}
        aria-current={current ? 'page' : undefined}
        className={`flex items-center gap-1 rounded-lg px-1 py-1 ${current ? 'bg-brand-soft' : 'hover:bg-gray-50'}`}
      >
        <span
          aria-hidden
          className={`flex size-3 shrink-0 items-center justify-center rounded-full text-sm ${done ? 'bg-green-700 text-white' : 'border border-gray-300 text-gray-600'}`}
        >
          {done ? '✓' : lesson.order}
        </span>
        <span className="flex min-w-0 flex-1 flex-col">
          <span className={`truncate ${current ? 'font-semibold text-brand-strong' : ''}`}>{lesson.title}</span>
          <span className="flex gap-1 text-gray-600 text-sm">
            <span className="tabular-nums">
              <span aria-hidden>{clockDuration(lesson.durationSec)}</span>
              <span className="sr-only">{spokenDuration(lesson.durationSec)}</span>
            </span>
            {lesson.isPreview && <span className="font-semibold text-brand-strong">미리보기</span>}
            {done && <span className="font-semibold text-green-800">완료</span>}
          </span>
        </span>
      </Link>
    </li>
  )
}
