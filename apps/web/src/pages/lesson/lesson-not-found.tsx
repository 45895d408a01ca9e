import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { PageTitle } from '../../ui/page-title.tsx'

/** A course or lesson the platform does not have: says which, and where to go instead. */
export function LessonNotFound({ courseFound, courseId }: { courseFound: boolean; courseId: string }): ReactNode {
  const title = courseFound ? '수업을 찾을 수 없습니다' : '강의를 찾을 수 없습니다'
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-2 py-6 text-center">
      <p className="font-bold text-2xl text-brand-strong">404</p>
      <PageTitle title={title}>{title}</PageTitle>
      <p className="text-gray-600">주소가 바뀌었거나 없는 {courseFound ? '수업' : '강의'}입니다.</p>
      <Link
        to={courseFound ? `/courses/${courseId}` : '/'}
        className="rounded-md bg-brand-strong px-2 py-1 font-semibold text-white hover:bg-brand"
      >
        {courseFound ? '강의로 돌아가기' : '홈으로 가기'}
      </Link>
    </section>
  )
}
