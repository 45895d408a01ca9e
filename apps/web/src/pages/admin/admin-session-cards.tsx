import { dialogLabels } from '@coursekit/react'
import { type ReactNode, useId } from 'react'
import type { AdminUserGroup } from './admin-groups.ts'
import { DeviceCount, ForceSignOutButton, WatchingText } from './admin-session-parts.tsx'
import type { GroupsProps } from './admin-session-table.tsx'

/** On a phone: a card per learner ("n / limit"), a line per device with its 강제 로그아웃. */
export function AdminSessionCards(props: GroupsProps): ReactNode {
  return (
    <ul aria-label="접속 중인 기기" className="flex flex-col gap-1.5">
      {props.groups.map((group) => (
        <UserCard key={group.userId} group={group} {...props} />
      ))}
    </ul>
  )
}

function UserCard(props: GroupsProps & { group: AdminUserGroup }): ReactNode {
  const { group } = props
  const headingId = useId()
  return (
    <li aria-labelledby={headingId} className="rounded-lg border border-gray-200 bg-white">
      <div className="flex flex-wrap items-center gap-1 border-gray-100 border-b px-1.5 py-1">
        <p id={headingId} className="font-semibold">
          {group.userLabel}
        </p>
        <DeviceCount count={group.sessions.length} limit={props.deviceLimit} />
        {group.email ? <p className="w-full break-all text-gray-600 text-sm">{group.email}</p> : null}
      </div>
      <ul aria-labelledby={headingId} className="flex flex-col">
        {group.sessions.map((row) => (
          <li
            key={row.sessionId}
            aria-label={row.deviceName}
            className="flex items-start gap-1 border-gray-100 border-t px-1.5 py-1 first:border-t-0"
          >
            <div className="flex min-w-0 flex-1 flex-col gap-0.5 text-sm">
              <p className="font-semibold text-base">
                {row.deviceName}{' '}
                <span className="font-normal text-gray-600 text-sm">({dialogLabels.deviceTypes[row.deviceType]})</span>
              </p>
              <p className="text-gray-700">
                로그인 {row.signedIn} · 마지막 접속 {row.lastSeen}
              </p>
              <p>
                <WatchingText row={row} />
              </p>
            </div>
            <ForceSignOutButton
              row={row}
              busy={props.signingOut.includes(row.sessionId)}
              onSignOut={() => props.onSignOut(row.sessionId)}
            />
          </li>
        ))}
      </ul>
    </li>
  )
}
