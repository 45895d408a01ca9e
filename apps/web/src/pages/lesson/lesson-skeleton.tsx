import type { ReactNode } from 'react'
import { Skeleton } from '../../ui/skeleton.tsx'
import { playerLayout } from './player-layout.ts'

/** The player's page while it loads: the 16:9 box and the list hold their places, so nothing moves. */
export function LessonSkeleton(): ReactNode {
  return (
    <div aria-busy className={playerLayout.page}>
      <div className="flex flex-col gap-2">
        <Skeleton className={playerLayout.videoBox} />
        <Skeleton className="h-3 w-40" />
        <Skeleton className="h-5 w-3/4" />
      </div>
      <Skeleton className="h-40" />
    </div>
  )
}
