import type { AdminSessionRow } from '@coursekit/react'

/** One learner's devices in the admin list, in the list's order (newest activity first). */
export interface AdminUserGroup {
  userId: string
  userLabel: string
  email: string | null
  sessions: AdminSessionRow[]
}

/** The rows grouped by learner; a learner comes where their most recently active device is. */
export function groupByUser(rows: readonly AdminSessionRow[]): AdminUserGroup[] {
  const groups = new Map<string, AdminUserGroup>()
  for (const row of rows) {
    let group = groups.get(row.user.id)
    if (!group) {
      group = { userId: row.user.id, userLabel: row.userLabel, email: row.user.email, sessions: [] }
      groups.set(row.user.id, group)
    }
    group.sessions.push(row)
  }
  return [...groups.values()]
}
