import { useNoticeBoard } from '@coursekit/react'
import type { ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'
import { EmptyState } from '../../ui/empty-state.tsx'
import { FailedState } from '../../ui/failed-state.tsx'
import { isoTime, koreanDate } from '../../ui/korean-date.ts'
import { OfflineBanner } from '../../ui/offline-banner.tsx'
import { PageTitle } from '../../ui/page-title.tsx'
import { Skeleton } from '../../ui/skeleton.tsx'
import { NoticeBadges } from './notice-badges.tsx'
import { NoticePager } from './notice-pager.tsx'

/** `/notices?page=N`: the notice board a page at a time, pinned notices first. */
export function NoticesPage(): ReactNode {
  const [search] = useSearchParams()
  const board = useNoticeBoard(Number(search.get('page') ?? '1'))
  const loading = board.status === 'loading'
  return (
    <div className="flex flex-col gap-3">
      <PageTitle title="공지사항">공지사항</PageTitle>
      {board.offline && <OfflineBanner onRetry={board.retry} />}
      <section aria-label="공지 목록" aria-busy={loading} className="flex flex-col gap-2">
        {loading ? (
          <div className="flex flex-col gap-1">
            <Skeleton className="h-7" />
            <Skeleton className="h-7" />
            <Skeleton className="h-7" />
          </div>
        ) : board.status === 'failed' ? (
          board.offline ? null : (
            <FailedState message="공지사항을 불러오지 못했습니다." onRetry={board.retry} />
          )
        ) : board.notices.length === 0 ? (
          <EmptyState>
            {board.page > 1 ? (
              <>
                이 페이지에는 공지사항이 없습니다.{' '}
                <Link to="/notices" className="font-semibold text-brand-strong underline">
                  첫 페이지로 가기
                </Link>
              </>
            ) : (
              '아직 공지사항이 없습니다.'
            )}
          </EmptyState>
        ) : (
          <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200">
            {board.notices.map((notice) => (
              <li key={notice.id}>
                <Link
                  to={`/notices/${notice.id}`}
                  className="flex flex-col gap-0.5 px-2 py-1.5 hover:bg-gray-50 sm:flex-row sm:items-center sm:gap-2"
                >
                  <span className="flex flex-1 flex-col gap-0.5 sm:flex-row sm:items-center sm:gap-1">
                    <NoticeBadges notice={notice} />
                    <span className={notice.pinned ? 'font-semibold' : ''}>{notice.title}</span>
                  </span>
                  <time className="shrink-0 text-gray-600 text-sm" dateTime={isoTime(notice.postedAt)}>
                    {koreanDate(notice.postedAt)}
                  </time>
                </Link>
              </li>
            ))}
          </ul>
        )}
        {board.status === 'ready' && board.pageCount > 1 && (
          <NoticePager page={board.page} pageCount={board.pageCount} />
        )}
      </section>
    </div>
  )
}
