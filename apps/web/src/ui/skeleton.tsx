import type { ReactNode } from 'react'

/** A grey block where content is loading; hidden from screen readers (the region says it is busy). */
export function Skeleton({ className = '' }: { className?: string }): ReactNode {
  return <div aria-hidden className={`animate-pulse rounded-lg bg-gray-100 ${className}`} />
}
