import { decisionMessages } from '@coursekit/core'
import { useCourseClient, useRoleGate } from '@coursekit/react'
import { type ReactNode, useEffect } from 'react'
import { signInPath } from '../../app/paths.ts'
import { PageTitle } from '../../ui/page-title.tsx'
import { Skeleton } from '../../ui/skeleton.tsx'
import { AdminSessions } from './admin-sessions.tsx'

/**
 * `/admin` (decisions.md, "The admin area"): admins only. A signed-out visitor signs in and comes
 * back; anyone else is told and sent home. The client skips session tracking on this path.
 */
export function AdminPage(): ReactNode {
  const gate = useRoleGate('ADMIN', { signInPath: signInPath('/admin') })
  const client = useCourseClient()
  useEffect(() => {
    // Said as the client's own notices are, so it is one toast among them.
    if (gate.status === 'forbidden')
      client.events.emit('notice', { kind: 'error', message: decisionMessages.adminOnly })
  }, [gate.status, client])
  if (!gate.allowed) {
    return (
      <section aria-busy className="flex flex-col gap-2">
        <Skeleton className="h-4 w-32" />
        <Skeleton className="h-20" />
      </section>
    )
  }
  return (
    <section className="flex flex-col gap-2">
      <PageTitle title="관리자">접속 중인 기기</PageTitle>
      <AdminSessions />
    </section>
  )
}
