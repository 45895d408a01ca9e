import type { AdminSessionRow } from '@coursekit/react'
import type { ReactNode } from 'react'

/** What the device watches, with its course and since when; or that it watches nothing. */
export function WatchingText({ row }: { row: AdminSessionRow }): ReactNode {
  if (row.lesson) {
    return (
      <span className="text-brand-strong">
        시청 중: {row.lesson.lessonTitle}
        {row.lesson.courseTitle ? ` (${row.lesson.courseTitle})` : ''}
        {row.watchingFor ? ` · ${row.watchingFor}부터` : ''}
      </span>
    )
  }
  if (row.isWatchingVideo) {
    return <span className="text-brand-strong">시청 중{row.watchingFor ? ` · ${row.watchingFor}부터` : ''}</span>
  }
  return <span className="text-gray-600">시청하지 않음</span>
}

/** "2 / 2대": the learner's devices listed against the account's limit, marked when full. */
export function DeviceCount(props: { count: number; limit: number | null }): ReactNode {
  const full = props.limit !== null && props.count >= props.limit
  return (
    <span
      className={`rounded-md px-0.5 font-semibold text-sm ${full ? 'bg-red-50 text-red-800' : 'bg-gray-100 text-gray-700'}`}
    >
      {props.limit === null ? `${props.count}대` : `${props.count} / ${props.limit}대`}
      {full ? ' · 한도' : ''}
    </span>
  )
}

/** Signs the device out (강제 로그아웃); the core toasts the outcome and the row goes. */
export function ForceSignOutButton(props: { row: AdminSessionRow; busy: boolean; onSignOut(): void }): ReactNode {
  const { row } = props
  return (
    <button
      type="button"
      onClick={() => {
        if (!props.busy) props.onSignOut()
      }}
      aria-disabled={props.busy}
      aria-label={`${row.userLabel}의 ${row.deviceName} 강제 로그아웃`}
      className="h-5 shrink-0 whitespace-nowrap rounded-lg border border-red-200 bg-white px-1.5 font-semibold text-red-800 text-sm hover:bg-red-50 aria-disabled:opacity-60"
    >
      {props.busy ? '로그아웃 중…' : '강제 로그아웃'}
    </button>
  )
}
