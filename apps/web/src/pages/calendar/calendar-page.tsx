import { useCalendarMonth } from '@coursekit/react'
import type { ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'
import { EmptyState } from '../../ui/empty-state.tsx'
import { FailedState } from '../../ui/failed-state.tsx'
import { OfflineBanner } from '../../ui/offline-banner.tsx'
import { PageTitle } from '../../ui/page-title.tsx'
import { Skeleton } from '../../ui/skeleton.tsx'
import { CalendarDay } from './calendar-day.tsx'
import { monthTitle, weekdayLook, weekdayWords } from './calendar-words.ts'

const monthLink =
  // gap: the arrows are flex items of their own, and a flex item's edge spaces are dropped.
  'flex h-5 items-center gap-0.5 rounded-md border border-gray-300 bg-white px-1.5 font-semibold text-gray-800 text-sm hover:bg-gray-50'

/** `/calendar?month=YYYY-MM`: the platform's events by month, in Seoul time, today marked. */
export function CalendarPage(): ReactNode {
  const [search] = useSearchParams()
  const calendar = useCalendarMonth(search.get('month'))
  const title = monthTitle(calendar.month.year, calendar.month.month)
  const loading = calendar.status === 'loading'
  return (
    <div className="flex flex-col gap-3">
      <PageTitle title="일정">일정</PageTitle>
      <div className="flex flex-wrap items-center gap-1">
        <h2 aria-live="polite" className="mr-auto font-bold text-gray-900 text-lg">
          {title}
        </h2>
        {!calendar.isCurrentMonth && (
          <Link to="/calendar" className={monthLink}>
            이번 달
          </Link>
        )}
        <Link to={`/calendar?month=${calendar.previous}`} className={monthLink}>
          <span aria-hidden>‹</span> 이전 달
        </Link>
        <Link to={`/calendar?month=${calendar.next}`} className={monthLink}>
          다음 달 <span aria-hidden>›</span>
        </Link>
      </div>
      {calendar.offline && <OfflineBanner onRetry={calendar.retry} />}
      {calendar.status === 'failed' && !calendar.offline && (
        <FailedState message="일정을 불러오지 못했습니다." onRetry={calendar.retry} />
      )}
      <section aria-label={`${title} 일정`} aria-busy={loading} className="flex flex-col gap-1.5">
        {loading ? (
          <div className="flex flex-col gap-1">
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        ) : (
          <>
            {calendar.status === 'ready' && calendar.eventCount === 0 && (
              <EmptyState>이 달에는 일정이 없습니다. 다른 달을 살펴보세요.</EmptyState>
            )}
            <div aria-hidden className="hidden grid-cols-7 text-center font-semibold text-gray-700 text-sm md:grid">
              {weekdayWords.map((word, index) => (
                <span key={word} className={weekdayLook(index)}>
                  {word}
                </span>
              ))}
            </div>
            <ol className="flex flex-col gap-1 md:grid md:grid-cols-7 md:gap-px md:overflow-hidden md:rounded-lg md:border md:border-gray-200 md:bg-gray-200">
              {calendar.days.map((day) => (
                <CalendarDay key={day.key} day={day} now={calendar.now} />
              ))}
            </ol>
          </>
        )}
      </section>
    </div>
  )
}
