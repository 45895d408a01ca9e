import type { Clock } from '../kernel/clock.ts'
import { NEXT_LESSON_COUNTDOWN_MS } from '../kernel/constants.ts'
import { createStore, type ReadableStore } from '../kernel/store.ts'
import { SECOND } from '../kernel/time-units.ts'

/**
 * - `idle`: nothing counts (the lesson plays, or has not ended).
 * - `counting`: the lesson ended; the next one plays when `secondsLeft` reaches 0.
 * - `cancelled`: the learner said no; nothing moves on until the lesson ends again.
 * - `finished`: time is up: the player moves on to the next lesson.
 */
export type NextLessonCountdownStatus = 'idle' | 'counting' | 'cancelled' | 'finished'

export interface NextLessonCountdownState {
  status: NextLessonCountdownStatus
  /** Whole seconds until the next lesson while `counting` (5, 4, … 1); 0 once `finished`. */
  secondsLeft: number
}

/**
 * The 다음 수업 countdown at a lesson's end, on the client's clock: `start` when the video ends,
 * `cancel` when the learner declines, `reset` when the video plays again; `finished` is the moment
 * to move on. Every binding subscribes to `store`; the timer belongs to this instance.
 */
export interface NextLessonCountdown {
  readonly store: ReadableStore<NextLessonCountdownState>
  /** Counts down from the start again (the lesson ended, again). */
  start(): void
  /** Stops counting and stays: nothing moves on. Only while counting. */
  cancel(): void
  /** Back to idle, no timer (the video plays again, or the player goes away). */
  reset(): void
}

export function createNextLessonCountdown(clock: Clock, durationMs = NEXT_LESSON_COUNTDOWN_MS): NextLessonCountdown {
  const seconds = Math.max(1, Math.ceil(durationMs / SECOND))
  const store = createStore<NextLessonCountdownState>({ status: 'idle', secondsLeft: seconds })
  let timer: unknown = null

  const stopTimer = () => {
    if (timer !== null) clock.clearTimeout(timer)
    timer = null
  }
  // One timer per second, so every whole second shows; the last one finishes.
  const tick = () => {
    timer = null
    const secondsLeft = store.getState().secondsLeft - 1
    if (secondsLeft <= 0) {
      store.setState({ status: 'finished', secondsLeft: 0 })
      return
    }
    store.setState({ secondsLeft })
    timer = clock.setTimeout(tick, SECOND)
  }

  return {
    store,
    start() {
      stopTimer()
      store.setState({ status: 'counting', secondsLeft: seconds })
      timer = clock.setTimeout(tick, SECOND)
    },
    cancel() {
      if (store.getState().status !== 'counting') return
      stopTimer()
      store.setState({ status: 'cancelled', secondsLeft: seconds })
    },
    reset() {
      stopTimer()
      store.setState({ status: 'idle', secondsLeft: seconds })
    },
  }
}
