import { type NoticeSummary, useNotice } from '@coursekit/react'
import type { ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import { FailedState } from '../../ui/failed-state.tsx'
import { isoTime, koreanDate } from '../../ui/korean-date.ts'
import { OfflineBanner } from '../../ui/offline-banner.tsx'
import { PageTitle } from '../../ui/page-title.tsx'
import { Skeleton } from '../../ui/skeleton.tsx'
import { NoticeBadges } from './notice-badges.tsx'

const backLink = 'inline-flex min-h-4 items-center font-semibold text-brand-strong text-sm hover:underline'

/** `/notices/:noticeId`: one notice in paragraphs, the way back to the board, the notices beside it. */
export function NoticePage(): ReactNode {
  const { noticeId = '' } = useParams()
  const view = useNotice(noticeId)
  const { notice } = view

  if (view.status === 'not-found') {
    return (
      <section className="mx-auto flex max-w-md flex-col items-center gap-2 py-6 text-center">
        <p className="font-bold text-2xl text-brand-strong">404</p>
        <PageTitle title="공지사항을 찾을 수 없습니다">공지사항을 찾을 수 없습니다</PageTitle>
        <p className="text-gray-600">삭제되었거나 주소가 잘못된 공지사항입니다.</p>
        <Link to="/notices" className="rounded-md bg-brand-strong px-2 py-1 font-semibold text-white hover:bg-brand">
          공지사항 목록으로
        </Link>
      </section>
    )
  }

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-3">
      <Link to="/notices" className={`${backLink} self-start`}>
        ← 공지사항 목록
      </Link>
      {view.offline && <OfflineBanner onRetry={view.retry} />}
      {view.status === 'failed' && !view.offline && (
        <FailedState message="공지사항을 불러오지 못했습니다." onRetry={view.retry} />
      )}
      {notice ? (
        <article aria-labelledby="notice-title" className="flex flex-col gap-2">
          <header className="flex flex-col gap-1 border-gray-200 border-b pb-2">
            <NoticeBadges notice={notice} />
            <div id="notice-title">
              <PageTitle title={notice.title}>{notice.title}</PageTitle>
            </div>
            <time className="text-gray-600 text-sm" dateTime={isoTime(notice.postedAt)}>
              {koreanDate(notice.postedAt)}
            </time>
          </header>
          <div className="flex flex-col gap-1.5 text-gray-800">
            {notice.paragraphs.map((paragraph, index) => (
              // A paragraph's place is its identity: the body is fixed text.
              // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one fixed body
              <p key={index}>{paragraph}</p>
            ))}
          </div>
        </article>
      ) : (
        <>
          <div className="sr-only">
            <PageTitle title="공지사항">공지사항</PageTitle>
          </div>
          {view.status === 'loading' && (
            <div aria-busy className="flex flex-col gap-1.5">
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="h-6" />
              <Skeleton className="h-20" />
            </div>
          )}
        </>
      )}
      {notice && (view.previous || view.next) && (
        <nav
          aria-label="다른 공지"
          className="flex flex-col divide-y divide-gray-100 rounded-lg border border-gray-200"
        >
          {view.previous && <Neighbour label="이전 공지" notice={view.previous} />}
          {view.next && <Neighbour label="다음 공지" notice={view.next} />}
        </nav>
      )}
    </div>
  )
}

function Neighbour({ label, notice }: { label: string; notice: NoticeSummary }): ReactNode {
  return (
    <Link to={`/notices/${notice.id}`} className="flex gap-1.5 px-2 py-1 text-sm hover:bg-gray-50">
      <span className="shrink-0 font-semibold text-gray-600">{label}</span>
      <span className="text-gray-900">{notice.title}</span>
    </Link>
  )
}
