import { dialogLabels } from '@coursekit/react'
import { type ReactNode, useId } from 'react'
import type { AdminUserGroup } from './admin-groups.ts'
import { DeviceCount, ForceSignOutButton, WatchingText } from './admin-session-parts.tsx'

interface GroupsProps {
  groups: readonly AdminUserGroup[]
  deviceLimit: number | null
  signingOut: readonly string[]
  onSignOut(sessionId: string): void
}

/** On a wide screen: one table, a row group per learner headed by who they are and "n / limit". */
export function AdminSessionTable(props: GroupsProps): ReactNode {
  return (
    <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">접속 중인 기기 (학습자별)</caption>
        <thead className="bg-gray-50 text-gray-700">
          <tr>
            <th scope="col" className="px-1.5 py-1 font-semibold">
              기기
            </th>
            <th scope="col" className="px-1.5 py-1 font-semibold">
              로그인
            </th>
            <th scope="col" className="px-1.5 py-1 font-semibold">
              마지막 접속
            </th>
            <th scope="col" className="px-1.5 py-1 font-semibold">
              시청
            </th>
            <th scope="col" className="px-1.5 py-1 text-right font-semibold">
              관리
            </th>
          </tr>
        </thead>
        {props.groups.map((group) => (
          <UserRows key={group.userId} group={group} {...props} />
        ))}
      </table>
    </div>
  )
}

function UserRows(props: GroupsProps & { group: AdminUserGroup }): ReactNode {
  const { group } = props
  const headingId = useId()
  return (
    <tbody aria-labelledby={headingId} className="border-gray-200 border-t">
      <tr className="bg-gray-50/60">
        <th id={headingId} scope="rowgroup" colSpan={5} className="px-1.5 py-1 text-left font-normal">
          <span className="flex flex-wrap items-center gap-1">
            <span className="font-semibold text-base text-gray-900">{group.userLabel}</span>
            {group.email ? <span className="text-gray-600">{group.email}</span> : null}
            <DeviceCount count={group.sessions.length} limit={props.deviceLimit} />
          </span>
        </th>
      </tr>
      {group.sessions.map((row) => (
        <tr key={row.sessionId} className="border-gray-100 border-t align-middle">
          <td className="px-1.5 py-1">
            <span className="font-semibold text-gray-900">{row.deviceName}</span>{' '}
            <span className="text-gray-600">({dialogLabels.deviceTypes[row.deviceType]})</span>
          </td>
          <td className="whitespace-nowrap px-1.5 py-1 text-gray-700">{row.signedIn}</td>
          <td className="whitespace-nowrap px-1.5 py-1 text-gray-700">{row.lastSeen}</td>
          <td className="px-1.5 py-1">
            <WatchingText row={row} />
          </td>
          <td className="px-1.5 py-1 text-right">
            <ForceSignOutButton
              row={row}
              busy={props.signingOut.includes(row.sessionId)}
              onSignOut={() => props.onSignOut(row.sessionId)}
            />
          </td>
        </tr>
      ))}
    </tbody>
  )
}

export type { GroupsProps }
