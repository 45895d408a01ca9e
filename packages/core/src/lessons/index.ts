/**
 * client.lessonProgress: each lesson's resume position and done marker on this device for the
 * signed-in account, and the tracker a player feeds (decisions.md, "Lessons and media"). A course's
 * progress from them (`courseProgressOf`, pure) is `@coursekit/core/display`.
 */

export { captionsEnabledOf, saveCaptionsEnabled } from './caption-preference.ts'
export {
  createLessonProgress,
  type LessonProgress,
  type LessonProgressState,
  type LessonWatchPoint,
} from './lesson-progress.ts'
export type { LessonProgressEntry, LessonProgressRecord } from './lesson-progress-record.ts'
export {
  createNextLessonCountdown,
  type NextLessonCountdown,
  type NextLessonCountdownState,
  type NextLessonCountdownStatus,
} from './next-lesson-countdown.ts'
export {
  createPlaybackProgressTracker,
  type PlaybackProgressTracker,
  type PlaybackProgressTrackerDeps,
} from './playback-progress-tracker.ts'
export { PLAYBACK_RATES, playbackRateOf, savePlaybackRate } from './playback-rate.ts'
