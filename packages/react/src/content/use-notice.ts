import type { ApiFailure } from '@coursekit/core'
import type { ContentItem } from '@coursekit/core/contract'
import { useMemo } from 'react'
import { textOf } from './content-fields.ts'
import { type NoticeSummary, noticeSummary, pinnedFirst } from './notice-fields.ts'
import { useEndpoints } from './use-endpoints.ts'

export interface NoticeDetail extends NoticeSummary {
  /** The body in paragraphs (the server separates them with line breaks). */
  paragraphs: string[]
}

/** `not-found`: the server has no notice of that id (404), a state of its own for the page. */
export type NoticeStatus = 'loading' | 'ready' | 'not-found' | 'failed'

export interface NoticeView {
  status: NoticeStatus
  failure: ApiFailure | null
  offline: boolean
  retry(): void
  notice: NoticeDetail | null
  /** The notices before and after it on the board (pinned first); null at either end or while unknown. */
  previous: NoticeSummary | null
  next: NoticeSummary | null
}

/** The board read once for a notice's neighbours: the whole board in one page (the mock's maximum). */
const NEIGHBOUR_READ_LIMIT = 100

/**
 * One notice, its paragraphs and its neighbours on the board. The neighbours are extra: when the
 * board cannot be read the notice still shows, without them.
 */
export function useNotice(id: string): NoticeView {
  const [[view, board], retry] = useEndpoints([
    ['notice', { params: { id } }],
    ['notices', { query: { limit: NEIGHBOUR_READ_LIMIT } }],
  ] as const)
  const data = view.data
  const notice = useMemo(
    () => (data && String(data.id) === id ? { ...noticeSummary(data), paragraphs: paragraphsOf(data) } : null),
    [data, id],
  )
  const boardItems = board.data?.items
  const [previous, next] = useMemo(() => {
    const order = pinnedFirst((boardItems ?? []).map(noticeSummary))
    const index = order.findIndex((entry) => entry.id === id)
    return index < 0 ? [null, null] : [order[index - 1] ?? null, order[index + 1] ?? null]
  }, [boardItems, id])

  const notFound = view.failure?.status === 404
  return {
    status: notFound ? 'not-found' : view.status,
    failure: view.failure,
    offline: view.offline,
    retry,
    notice: notFound ? null : notice,
    previous,
    next,
  }
}

function paragraphsOf(item: ContentItem): string[] {
  return textOf(item, 'content')
    .split(/\n+/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
}
