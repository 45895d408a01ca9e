import type { Clock } from '../kernel/clock.ts'
import { LESSON_PROGRESS_SAVE_INTERVAL_MS } from '../kernel/constants.ts'
import type { LifecyclePort } from '../kernel/ports.ts'
import type { LessonProgress } from './lesson-progress.ts'

/**
 * What a player tells about one lesson's playback, so that its position is saved as decisions.md
 * says: every 10 s of the client's clock while playing, on pause, on page hide (and when the page
 * is hidden, which is often the last sign a phone gives), when the player goes away, and at the end.
 * A media element's events map one to one: `playing`, `timeupdate`, `pause`, `ended`.
 */
export interface PlaybackProgressTracker {
  /** Playback runs (again) from `positionSec`. */
  playing(positionSec: number): void
  /** Where playback is now; `durationSec` when the player knows the media's length. */
  timeUpdate(positionSec: number, durationSec?: number): void
  paused(positionSec: number): void
  /** Played to the end: the lesson is done and starts from 0 next time. */
  ended(): void
  /** Saves the last position and stops listening. */
  dispose(): void
}

export interface PlaybackProgressTrackerDeps {
  progress: LessonProgress
  clock: Clock
  lifecycle: LifecyclePort
}

export function createPlaybackProgressTracker(
  { progress, clock, lifecycle }: PlaybackProgressTrackerDeps,
  lesson: { lessonId: number; durationSec: number },
): PlaybackProgressTracker {
  let positionSec = 0
  let durationSec = lesson.durationSec
  let timer: unknown = null
  let disposed = false

  const save = () => progress.save(lesson.lessonId, { positionSec, durationSec })
  const stopTimer = () => {
    if (timer !== null) clock.clearTimeout(timer)
    timer = null
  }
  const schedule = () => {
    stopTimer()
    timer = clock.setTimeout(() => {
      timer = null
      save()
      schedule()
    }, LESSON_PROGRESS_SAVE_INTERVAL_MS)
  }
  const at = (seconds: number) => {
    if (Number.isFinite(seconds) && seconds >= 0) positionSec = seconds
  }

  const offPageHide = lifecycle.onPageHide(save)
  const offVisibility = lifecycle.onVisibilityChange((visible) => {
    if (!visible) save()
  })

  return {
    playing(seconds) {
      if (disposed) return
      at(seconds)
      if (timer === null) schedule()
    },
    timeUpdate(seconds, duration) {
      if (disposed) return
      at(seconds)
      if (duration !== undefined && Number.isFinite(duration) && duration > 0) durationSec = duration
    },
    paused(seconds) {
      if (disposed) return
      at(seconds)
      stopTimer()
      save()
    },
    ended() {
      if (disposed) return
      stopTimer()
      positionSec = durationSec
      save()
    },
    dispose() {
      if (disposed) return
      disposed = true
      stopTimer()
      offPageHide()
      offVisibility()
      save()
    },
  }
}
