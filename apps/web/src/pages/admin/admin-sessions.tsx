import { useAdminSessions } from '@coursekit/react'
import { type ReactNode, useId, useMemo } from 'react'
import { FailedState } from '../../ui/failed-state.tsx'
import { Skeleton } from '../../ui/skeleton.tsx'
import { useMediaQuery } from '../../ui/use-media-query.ts'
import { groupByUser } from './admin-groups.ts'
import { AdminSessionCards } from './admin-session-cards.tsx'
import { AdminSessionTable } from './admin-session-table.tsx'

/**
 * The platform's live devices: search, watching only, and signing any of them out; grouped by
 * learner, a table on a wide screen and cards on a phone.
 */
export function AdminSessions(): ReactNode {
  const admin = useAdminSessions()
  const searchId = useId()
  const wide = useMediaQuery('(min-width: 768px)')
  const groups = useMemo(() => groupByUser(admin.sessions), [admin.sessions])
  const loading = admin.status === 'loading' && admin.sessions.length === 0
  const Groups = wide ? AdminSessionTable : AdminSessionCards
  const groupsProps = {
    groups,
    deviceLimit: admin.deviceLimit ?? null,
    signingOut: admin.signingOut,
    onSignOut: (sessionId: string) => void admin.signOut(sessionId),
  }
  return (
    <div className="flex flex-col gap-2">
      <search aria-label="기기 찾기" className="flex flex-col gap-1 sm:flex-row sm:items-end sm:gap-2">
        <div className="flex flex-1 flex-col gap-0.5">
          <label htmlFor={searchId} className="font-semibold text-sm">
            사용자 검색
          </label>
          <input
            id={searchId}
            type="search"
            placeholder="이메일, 이름, 닉네임"
            defaultValue={admin.filter.query}
            onChange={(event) => void admin.setFilter({ query: event.currentTarget.value })}
            className="h-6 rounded-lg border border-gray-300 bg-white px-1.5 text-base"
          />
        </div>
        <label className="flex h-6 cursor-pointer items-center gap-1 text-sm">
          <input
            type="checkbox"
            checked={admin.filter.watchingOnly}
            onChange={(event) => void admin.setFilter({ watchingOnly: event.currentTarget.checked })}
            className="size-2 accent-brand-strong"
          />
          시청 중인 기기만
        </label>
      </search>
      <p className="text-gray-600 text-sm" aria-live="polite">
        {admin.status === 'success'
          ? `접속 중인 기기 ${admin.sessions.length}대${admin.deviceLimit ? ` · 계정당 최대 ${admin.deviceLimit}대` : ''}`
          : null}
      </p>
      {admin.status === 'error' || admin.status === 'forbidden' ? (
        <FailedState message={admin.error ?? ''} onRetry={() => void admin.refresh()} />
      ) : null}
      {loading ? (
        <div aria-busy className="flex flex-col gap-1">
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
        </div>
      ) : admin.sessions.length > 0 ? (
        <Groups {...groupsProps} />
      ) : null}
      {admin.status === 'success' && admin.sessions.length === 0 ? (
        <p className="rounded-lg bg-gray-50 px-2 py-2 text-gray-600 text-sm">조건에 맞는 기기가 없습니다.</p>
      ) : null}
    </div>
  )
}
