import {
  useAuth,
  useCourse,
  useCourseDiscountCodes,
  useCourseReviews,
  useCurriculum,
  useMentor,
} from '@coursekit/react'
import type { ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import { imageUrl, text } from '../../ui/content-item.ts'
import { CourseThumbnail } from '../../ui/course-thumbnail.tsx'
import { clockDuration, spokenDuration } from '../../ui/duration.ts'
import { FailedState } from '../../ui/failed-state.tsx'
import { OfflineBanner } from '../../ui/offline-banner.tsx'
import { PageTitle } from '../../ui/page-title.tsx'
import { PriceTag } from '../../ui/price-tag.tsx'
import { Skeleton } from '../../ui/skeleton.tsx'
import { CourseReviews } from './course-reviews.tsx'
import { CourseStart } from './course-start.tsx'
import { Curriculum } from './curriculum.tsx'
import { DiscountCodes } from './discount-codes.tsx'
import { MentorCard } from './mentor-card.tsx'

/**
 * `/courses/:courseId`: the course opening with its picture (level, title, summary, price), its main button by this device's
 * progress, the curriculum, the mentor, the discount codes that apply and the reviews.
 */
export function CoursePage(): ReactNode {
  const courseId = useParams().courseId ?? ''
  const course = useCourse(courseId)
  const curriculum = useCurriculum(courseId)
  const reviews = useCourseReviews(courseId)
  const discounts = useCourseDiscountCodes(courseId)
  const mentor = useMentor(course.data?.mentorId)
  const signedIn = useAuth((state) => state.status === 'authenticated')
  const views = [course, curriculum.view, reviews.view, discounts.view, mentor.view]
  const offline = views.some((view) => view.offline)
  const retryAll = () => {
    for (const view of views) if (view.status === 'failed') view.retry()
  }

  if (course.notFound) return <CourseNotFound />
  // The page shows once each read has given its first answer (they go out together): one arriving
  // after the others would add a line to the header or the box beside it and push the rest down.
  const firstAnswersPending = views.some((view) => view.status === 'loading' && view.data === null)
  if (!course.data || firstAnswersPending) {
    return (
      <div className="flex flex-col gap-2">
        {offline && <OfflineBanner onRetry={retryAll} />}
        {course.status === 'failed' && !course.offline ? (
          <>
            <PageTitle title="강의">강의</PageTitle>
            <FailedState message="강의 정보를 불러오지 못했습니다." onRetry={course.retry} />
          </>
        ) : (
          // At least a screen tall, as the course will be: the footer stays out of view instead of
          // jumping down when the course arrives.
          <section aria-busy aria-label="강의 정보를 불러오는 중" className="flex min-h-dvh flex-col gap-1.5">
            <Skeleton className="aspect-video w-full md:w-48" />
            <Skeleton className="h-3 w-16" />
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-3" />
            <Skeleton className="h-20" />
          </section>
        )}
      </div>
    )
  }
  const info = course.data
  return (
    <div className="flex flex-col gap-3">
      {offline && <OfflineBanner onRetry={retryAll} />}
      <div className="grid gap-3 lg:grid-cols-[1fr_20rem] lg:items-start">
        <header className="flex flex-col gap-2 md:flex-row md:items-start">
          <CourseThumbnail
            src={imageUrl(info, 'thumbnailUrl')}
            title={text(info, 'title')}
            categoryId={info.categoryId}
            eager
            className="rounded-xl md:w-48 md:shrink-0"
          />
          <div className="flex flex-col gap-1">
            <p className="flex flex-wrap gap-0.5 text-sm">
              {text(info, 'level') && (
                <span className="rounded-md bg-brand-soft px-0.5 font-semibold text-brand-strong">
                  {text(info, 'level')}
                </span>
              )}
              {mentor.mentor && <span className="text-gray-700">{text(mentor.mentor, 'name')} 멘토</span>}
            </p>
            <PageTitle title={text(info, 'title') || '강의'}>{text(info, 'title')}</PageTitle>
            <p className="text-gray-700">{text(info, 'summary')}</p>
            {/* The line's place is kept while the reviews load, so what follows does not move down. */}
            {reviews.view.status === 'loading' && !reviews.view.data && <LinePlaceholder />}
            {reviews.summary.average !== null && (
              <p className="text-gray-700 text-sm">
                <span aria-hidden className="text-amber-700">
                  ★
                </span>{' '}
                <span className="sr-only">5점 만점에 </span>
                {reviews.summary.average.toFixed(1)}
                <span className="sr-only">점</span> · 수강평 {reviews.summary.count}개
              </p>
            )}
          </div>
        </header>
        <aside
          aria-label="수강 정보"
          className="flex flex-col gap-1.5 rounded-xl border border-gray-200 p-2 lg:sticky lg:top-2 lg:row-span-2"
        >
          <PriceTag course={info} look="page" />
          {curriculum.view.status === 'loading' && !curriculum.view.data && <LinePlaceholder />}
          {curriculum.lessons.length > 0 && (
            <p className="text-gray-700 text-sm">
              수업 {curriculum.lessons.length}개 · 총{' '}
              <span aria-hidden>{clockDuration(curriculum.totalDurationSec)}</span>
              <span className="sr-only">{spokenDuration(curriculum.totalDurationSec)}</span>
            </p>
          )}
          <CourseStart courseId={courseId} lessons={curriculum.lessons} signedIn={signedIn} />
        </aside>
        <div className="flex flex-col gap-3">
          <Curriculum courseId={courseId} curriculum={curriculum} signedIn={signedIn} />
          {mentor.mentor ? (
            <MentorCard mentor={mentor.mentor} />
          ) : mentor.view.status === 'failed' && !mentor.view.offline ? (
            <FailedState message="멘토 정보를 불러오지 못했습니다." onRetry={mentor.view.retry} />
          ) : null}
          <DiscountCodes discounts={discounts} />
          <CourseReviews reviews={reviews} />
        </div>
      </div>
    </div>
  )
}

/** One empty line of small text: the height of a line still on its way. */
function LinePlaceholder(): ReactNode {
  return (
    <p aria-hidden className="text-sm">
      {'\u00a0'}
    </p>
  )
}

function CourseNotFound(): ReactNode {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-2 py-6 text-center">
      <p className="font-bold text-2xl text-brand-strong">404</p>
      <PageTitle title="강의를 찾을 수 없습니다">강의를 찾을 수 없습니다</PageTitle>
      <p className="text-gray-600">강의가 내려갔거나 주소가 잘못되었습니다. 전체 강의에서 다시 찾아보세요.</p>
      <Link to="/courses" className="rounded-md bg-brand-strong px-2 py-1 font-semibold text-white hover:bg-brand">
        전체 강의 보기
      </Link>
    </section>
  )
}
