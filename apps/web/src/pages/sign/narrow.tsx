import type { ReactNode } from 'react'

/** The sign pages' single column. */
export function Narrow({ children }: { children: ReactNode }): ReactNode {
  return <div className="mx-auto flex w-full max-w-sm flex-col gap-2 py-2">{children}</div>
}
