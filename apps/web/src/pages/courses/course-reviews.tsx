import type { CourseReviewsView } from '@coursekit/react'
import type { ReactNode } from 'react'
import { count, text } from '../../ui/content-item.ts'
import { EmptyState } from '../../ui/empty-state.tsx'
import { FailedState } from '../../ui/failed-state.tsx'
import { RatingStars } from '../../ui/rating-stars.tsx'
import { Skeleton } from '../../ui/skeleton.tsx'

const day = new Intl.DateTimeFormat('ko-KR', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'Asia/Seoul' })

/** 수강평: the average and count, then each review with its stars, newest first. */
export function CourseReviews({ reviews: { view, reviews, summary } }: { reviews: CourseReviewsView }): ReactNode {
  return (
    <section aria-labelledby="course-reviews" aria-busy={view.status === 'loading'} className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-x-1">
        <h2 id="course-reviews" className="font-bold text-gray-900 text-lg">
          수강평
        </h2>
        {summary.average !== null && (
          <p className="flex items-center gap-0.5 text-sm" data-testid="review-summary">
            <RatingStars rating={summary.average} />
            <span className="font-bold">{summary.average.toFixed(1)}</span>
            <span className="text-gray-700">({summary.count}개)</span>
          </p>
        )}
      </div>
      {view.status === 'loading' && !view.data ? (
        <Skeleton className="h-12" />
      ) : view.status === 'failed' && reviews.length === 0 ? (
        view.offline ? null : (
          <FailedState message="수강평을 불러오지 못했습니다." onRetry={view.retry} />
        )
      ) : reviews.length === 0 ? (
        <EmptyState>아직 수강평이 없습니다. 첫 수강평을 기다리고 있어요.</EmptyState>
      ) : (
        <ul className="flex flex-col gap-1">
          {reviews.map((review) => {
            const rating = count(review, 'rating')
            const at = new Date(text(review, 'createdAt'))
            return (
              <li key={review.id} className="flex flex-col gap-0.5 rounded-lg border border-gray-200 p-1.5">
                <p className="flex flex-wrap items-center gap-x-1 text-sm">
                  {rating !== null && <RatingStars rating={rating} />}
                  <span className="font-semibold">{text(review, 'authorName')}</span>
                  {!Number.isNaN(at.getTime()) && (
                    <time className="text-gray-600" dateTime={text(review, 'createdAt')}>
                      {day.format(at)}
                    </time>
                  )}
                </p>
                <p>{text(review, 'content')}</p>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
