import { createNextLessonCountdown, type NextLessonCountdownStatus } from '@coursekit/core'
import { useEffect, useState } from 'react'
import { useCourseClient } from '../course-client-context.ts'
import { useLatest } from '../use-latest.ts'
import { useStore } from '../use-store.ts'

export interface NextLessonCountdownView {
  status: NextLessonCountdownStatus
  /** Whole seconds until the next lesson while counting (5 … 1). */
  secondsLeft: number
  /** The lesson ended: count down to the next one. */
  start(): void
  /** The learner declined: stay on this lesson. */
  cancel(): void
  /** The lesson plays again: no countdown. */
  reset(): void
}

/**
 * The 다음 수업 countdown (core's NextLessonCountdown on the client's clock), one per player:
 * `onFinish` runs once when time is up; leaving the player stops it.
 */
export function useNextLessonCountdown(onFinish: () => void): NextLessonCountdownView {
  const { clock } = useCourseClient()
  const [countdown] = useState(() => createNextLessonCountdown(clock))
  const { status, secondsLeft } = useStore(countdown.store)
  const finish = useLatest(onFinish)

  useEffect(() => {
    if (status === 'finished') finish.current()
  }, [status, finish])
  useEffect(() => () => countdown.reset(), [countdown])

  return { status, secondsLeft, start: countdown.start, cancel: countdown.cancel, reset: countdown.reset }
}
