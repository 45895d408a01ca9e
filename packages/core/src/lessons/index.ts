/**
 * client.lessonProgress: each lesson's resume position and done marker on this device for the
 * signed-in account, a course's progress from them, and the tracker a player feeds (decisions.md,
 * "Lessons and media").
 */

export { captionsEnabledOf, saveCaptionsEnabled } from './caption-preference.ts'
export { type CourseLessonRef, type CourseProgressSummary, courseProgressOf } from './course-progress.ts'
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
