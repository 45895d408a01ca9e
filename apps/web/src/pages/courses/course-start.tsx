import type { Lesson } from '@coursekit/core/contract'
import { useCourseProgress } from '@coursekit/react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { lessonPath, signInPath } from '../../app/paths.ts'

const words = {
  new: '시작하기',
  started: '이어보기',
  done: '복습하기',
} as const

/**
 * The course's main button, by this device's progress: 시작하기 (nothing watched: the first lesson),
 * 이어보기 (the first lesson not done), 복습하기 (all done: from the first lesson again). Signed out,
 * a lesson that is not a preview goes through sign-in and back.
 */
export function CourseStart(props: { courseId: string; lessons: Lesson[]; signedIn: boolean }): ReactNode {
  const progress = useCourseProgress(props.lessons)
  const next = props.lessons.find((lesson) => lesson.id === progress.nextLessonId)
  if (!next) return null
  const path = lessonPath(props.courseId, next.id)
  const open = props.signedIn || next.isPreview
  return (
    <div className="flex flex-col gap-0.5">
      <Link
        to={open ? path : signInPath(path)}
        className="flex h-6 items-center justify-center rounded-lg bg-brand-strong px-2 font-semibold text-white hover:bg-brand"
      >
        {words[progress.status]}
      </Link>
      <p className="text-center text-gray-700 text-sm">
        {progress.status === 'started' ? `${progress.total}개 중 ${progress.doneCount}개 완료 · ` : ''}
        {next.order}. {next.title}
        {open ? '' : ' (로그인 후 시청)'}
      </p>
    </div>
  )
}
