import type { ApiFailure } from '@coursekit/core'
import { useMemo } from 'react'
import { type NoticeSummary, noticeSummary, pinnedFirst } from './notice-fields.ts'
import { type EndpointStatus, useEndpoint } from './use-endpoint.ts'

export interface NoticeBoardView {
  status: EndpointStatus
  failure: ApiFailure | null
  offline: boolean
  retry(): void
  /** The page's notices, pinned ones first. */
  notices: NoticeSummary[]
  /** The page shown (1 for anything that is not a page number). */
  page: number
  /** At least 1; known once the first page has arrived. */
  pageCount: number
  /** Every notice on the board, across pages. */
  total: number
}

export const NOTICE_PAGE_SIZE = 10

/** A page of the notice board, as the server pages it (`limit`/`offset`). */
export function useNoticeBoard(page: number, pageSize = NOTICE_PAGE_SIZE): NoticeBoardView {
  const shown = Number.isInteger(page) && page >= 1 ? page : 1
  const view = useEndpoint('notices', { query: { limit: pageSize, offset: (shown - 1) * pageSize } })
  const items = view.data?.items
  const notices = useMemo(() => pinnedFirst((items ?? []).map(noticeSummary)), [items])
  const total = view.data?.total ?? 0
  return {
    status: view.status,
    failure: view.failure,
    offline: view.offline,
    retry: view.retry,
    notices,
    page: shown,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
    total,
  }
}
