import type { EndpointView } from '@coursekit/react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { type LooseItem, text } from '../../ui/content-item.ts'
import { EmptyState } from '../../ui/empty-state.tsx'
import { FailedState } from '../../ui/failed-state.tsx'
import { isoTime, koreanDate } from '../../ui/korean-date.ts'
import { Skeleton } from '../../ui/skeleton.tsx'
import { HomeSection } from './section.tsx'

/** The latest notices, pinned ones first, each a link to the notice; the board is one link away. */
export function NoticeList({ view }: { view: EndpointView<{ items: LooseItem[] }> }): ReactNode {
  const items = [...(view.data?.items ?? [])]
    .sort((a, b) => Number(b.isPinned === true) - Number(a.isPinned === true))
    .slice(0, 5)
  return (
    <HomeSection id="home-notices" title="공지사항" busy={view.status === 'loading'}>
      {view.status === 'loading' && !view.data ? (
        <div className="flex flex-col gap-1">
          <Skeleton className="h-3" />
          <Skeleton className="h-3" />
          <Skeleton className="h-3" />
        </div>
      ) : view.status === 'failed' && !view.offline && items.length === 0 ? (
        <FailedState message="공지사항을 불러오지 못했습니다." onRetry={view.retry} />
      ) : items.length === 0 ? (
        view.offline ? null : (
          <EmptyState>아직 공지사항이 없습니다.</EmptyState>
        )
      ) : (
        <>
          <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200">
            {items.map((notice) => {
              const postedAt = Date.parse(text(notice, 'createdAt'))
              return (
                <li key={notice.id}>
                  <Link
                    to={`/notices/${notice.id}`}
                    className="flex flex-col gap-0.5 px-2 py-1 hover:bg-gray-50 sm:flex-row sm:items-center sm:gap-2"
                  >
                    <span className="flex-1 text-sm">
                      {notice.isPinned === true && <span className="mr-1 font-semibold text-brand-strong">고정</span>}
                      {text(notice, 'title')}
                    </span>
                    <time className="text-gray-600 text-sm" dateTime={isoTime(postedAt)}>
                      {koreanDate(postedAt)}
                    </time>
                  </Link>
                </li>
              )
            })}
          </ul>
          <Link to="/notices" className="self-end font-semibold text-brand-strong text-sm hover:underline">
            공지사항 전체 보기
          </Link>
        </>
      )}
    </HomeSection>
  )
}
