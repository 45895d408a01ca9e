import type { ContentItem } from '@coursekit/core/contract'
import { textOf, timeOf } from './content-fields.ts'

/** A notice as a list shows it. */
export interface NoticeSummary {
  id: string
  title: string
  /** 서비스, 운영, ... as the server names it; '' when it has none. */
  category: string
  /** Pinned to the top of the board (shown with a 고정 or 필독 badge). */
  pinned: boolean
  /** When it was posted, epoch milliseconds; null when the server gave no time. */
  postedAt: number | null
}

export function noticeSummary(item: ContentItem): NoticeSummary {
  return {
    id: String(item.id),
    title: textOf(item, 'title'),
    category: textOf(item, 'category'),
    pinned: item.isPinned === true,
    postedAt: timeOf(item, 'createdAt'),
  }
}

/** Pinned notices first, each group in the server's order. */
export function pinnedFirst(notices: NoticeSummary[]): NoticeSummary[] {
  return [...notices.filter((notice) => notice.pinned), ...notices.filter((notice) => !notice.pinned)]
}
