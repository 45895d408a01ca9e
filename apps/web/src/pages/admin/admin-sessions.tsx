import { type AdminSessionRow, dialogLabels, useAdminSessions } from '@coursekit/react'
import { type ReactNode, useId } from 'react'
import { FailedState } from '../../ui/failed-state.tsx'
import { Skeleton } from '../../ui/skeleton.tsx'

/** The platform's live devices: search, watching only, and signing any of them out. */
export function AdminSessions(): ReactNode {
  const admin = useAdminSessions()
  const searchId = useId()
  const loading = admin.status === 'loading' && admin.sessions.length === 0
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
      <ul aria-busy={loading} aria-label="접속 중인 기기" className="flex flex-col gap-1">
        {loading ? (
          <>
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </>
        ) : (
          admin.sessions.map((row) => (
            <SessionRow
              key={row.sessionId}
              row={row}
              busy={admin.signingOut.includes(row.sessionId)}
              onSignOut={() => void admin.signOut(row.sessionId)}
            />
          ))
        )}
      </ul>
      {admin.status === 'success' && admin.sessions.length === 0 ? (
        <p className="rounded-lg bg-gray-50 px-2 py-2 text-gray-600 text-sm">조건에 맞는 기기가 없습니다.</p>
      ) : null}
    </div>
  )
}

function SessionRow(props: { row: AdminSessionRow; busy: boolean; onSignOut(): void }): ReactNode {
  const { row } = props
  const headingId = useId()
  return (
    <li
      aria-labelledby={headingId}
      className="flex flex-col gap-1 rounded-lg border border-gray-200 bg-white p-1.5 sm:flex-row sm:items-center sm:gap-2"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p id={headingId} className="font-semibold">
          {row.userLabel}
          {row.user.email ? <span className="ml-1 font-normal text-gray-600 text-sm">{row.user.email}</span> : null}
        </p>
        <p className="text-gray-700 text-sm">
          {row.deviceName} ({dialogLabels.deviceTypes[row.deviceType]}) · 로그인 {row.signedIn} · 마지막 접속{' '}
          {row.lastSeen}
        </p>
        <p className="text-sm">
          {row.lesson ? (
            <span className="text-brand-strong">
              시청 중: {row.lesson.lessonTitle}
              {row.lesson.courseTitle ? ` (${row.lesson.courseTitle})` : ''}
              {row.watchingFor ? ` · ${row.watchingFor}부터` : ''}
            </span>
          ) : row.isWatchingVideo ? (
            <span className="text-brand-strong">시청 중{row.watchingFor ? ` · ${row.watchingFor}부터` : ''}</span>
          ) : (
            <span className="text-gray-600">시청하지 않음</span>
          )}
        </p>
      </div>
      <button
        type="button"
        onClick={() => {
          if (!props.busy) props.onSignOut()
        }}
        aria-disabled={props.busy}
        aria-label={`${row.userLabel}의 ${row.deviceName} 로그아웃`}
        className="h-6 shrink-0 rounded-lg border border-gray-300 bg-white px-2 font-semibold text-gray-800 text-sm hover:bg-gray-50 aria-disabled:opacity-60"
      >
        {props.busy ? '로그아웃 중…' : '로그아웃'}
      </button>
    </li>
  )
}
