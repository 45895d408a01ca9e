import type { NoticeSummary } from '@coursekit/react'
import type { ReactNode } from 'react'

/** 고정 for a pinned notice, then its category. */
export function NoticeBadges({ notice }: { notice: NoticeSummary }): ReactNode {
  return (
    <span className="flex shrink-0 gap-0.5 text-sm">
      {notice.pinned && <span className="rounded-md bg-brand-strong px-0.5 font-semibold text-white">고정</span>}
      {notice.category && <span className="rounded-md bg-gray-100 px-0.5 text-gray-700">{notice.category}</span>}
    </span>
  )
}
