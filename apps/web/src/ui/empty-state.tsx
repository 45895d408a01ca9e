import type { ReactNode } from 'react'

/** A read that came back with nothing: says so, and what to do if there is something to do. */
export function EmptyState({ children }: { children: ReactNode }): ReactNode {
  return <p className="rounded-lg bg-gray-50 px-2 py-2 text-gray-600 text-sm">{children}</p>
}
