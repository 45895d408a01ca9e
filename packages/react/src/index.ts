/**
 * @coursekit/react: React bindings for @coursekit/core. Thin hooks over the core's stores and
 * events (the core does the work), a provider, and the device-limit and video-conflict dialogs,
 * headless or as accessible defaults. Importing it touches no browser global (SSR-safe).
 */

export { useCourseClient } from './course-client-context.ts'
export { CourseClientProvider, type CourseClientProviderProps } from './course-client-provider.tsx'
export { DeviceLimitDialog, type DeviceLimitDialogProps } from './device-limit-dialog.tsx'
export { type DialogLabels, dialogLabels } from './labels.ts'
export { ModalDialog, type ModalDialogProps } from './modal-dialog.tsx'
export type { NoticeSummary } from './notice-fields.ts'
export { NoticeLedger, type ToastSink } from './notice-ledger.ts'
export { NoticeClaims, useNoticeShownHere } from './page-memory.ts'
export { caretAfterDigits, formatKoreanPhoneTyping } from './phone-typing.ts'
export { shallowEqual } from './shallow-equal.ts'
export { useAccountLink } from './use-account-link.ts'
export { type AdminSessionRow, type AdminSessionsView, useAdminSessions } from './use-admin-sessions.ts'
export { useAuth, useAuthService } from './use-auth.ts'
export {
  type CalendarDay,
  type CalendarEvent,
  type CalendarMonthView,
  useCalendarMonth,
} from './use-calendar-month.ts'
export { type CaptionPreferenceView, useCaptionPreference } from './use-caption-preference.ts'
export { useNavigateEvents, useNotices } from './use-client-events.ts'
export { type ConversionTracker, useConversion } from './use-conversion.ts'
export { type CourseCatalogueView, useCourseCatalogue } from './use-course-catalogue.ts'
export {
  type CourseDiscountCodesView,
  type CourseReviewsView,
  type CourseView,
  type CurriculumView,
  type MentorView,
  useCourse,
  useCourseDiscountCodes,
  useCourseReviews,
  useCurriculum,
  useMentor,
} from './use-course-detail.ts'
export { useDebouncedValue } from './use-debounced-value.ts'
export { type DeviceLimitDialogModel, useDeviceLimitDialog } from './use-device-limit-dialog.ts'
export { useDeviceSession } from './use-device-session.ts'
export { type DevicesView, useDevices } from './use-devices.ts'
export { type EndpointStatus, type EndpointView, useEndpoint } from './use-endpoint.ts'
export { type CaptionTrack, type LessonCaptionsView, useLessonCaptions } from './use-lesson-captions.ts'
export {
  type LessonMaterialsStatus,
  type LessonMaterialsView,
  useLessonMaterials,
} from './use-lesson-materials.ts'
export {
  type LessonMediaHandlers,
  type LessonPlayerLesson,
  type LessonPlayerView,
  useLessonPlayer,
} from './use-lesson-player.ts'
export {
  type CourseProgressView,
  type LessonProgressView,
  useCourseProgress,
  useLessonProgress,
} from './use-lesson-progress.ts'
export { useMailCooldown } from './use-mail-cooldown.ts'
export { type MailResendStatus, type MailResendView, useMailResend } from './use-mail-resend.ts'
export {
  MEDIA_SEEK_STEP_SEC,
  type MediaKeyHandlers,
  playMedia,
  togglePlayback,
  useMediaKeys,
} from './use-media-keys.ts'
export { type Mentor, type MentorCourse, type MentorsView, useMentors } from './use-mentors.ts'
export { type MyCourse, type MyCoursesView, useMyCourses } from './use-my-courses.ts'
export { type NextLessonCountdownView, useNextLessonCountdown } from './use-next-lesson-countdown.ts'
export { type NoticeDetail, type NoticeStatus, type NoticeView, useNotice } from './use-notice.ts'
export { NOTICE_PAGE_SIZE, type NoticeBoardView, useNoticeBoard } from './use-notice-board.ts'
export { type OAuthCallbackView, useOAuthCallback } from './use-oauth-callback.ts'
export {
  type PasswordChangeStatus,
  type PasswordChangeView,
  usePasswordChange,
} from './use-password-change.ts'
export {
  type PasswordResetRequestStatus,
  type PasswordResetRequestView,
  usePasswordResetRequest,
} from './use-password-reset-request.ts'
export {
  type PasswordSignInStatus,
  type PasswordSignInView,
  type SignInFieldError,
  usePasswordSignIn,
} from './use-password-sign-in.ts'
export { type PlayableMediaView, usePlayableMedia } from './use-playable-media.ts'
export { type PlaybackProgressHandlers, usePlaybackProgress } from './use-playback-progress.ts'
export { type PlaybackRateView, usePlaybackRate } from './use-playback-rate.ts'
export { type ProfileView, useProfile } from './use-profile.ts'
export { type ProfileCompletionView, useProfileCompletion } from './use-profile-completion.ts'
export {
  type ProfileGateOptions,
  type ProfileGateStatus,
  type ProfileGateView,
  useProfileGate,
} from './use-profile-gate.ts'
export { type RequireAuthOptions, type RequireAuthView, useRequireAuth } from './use-require-auth.ts'
export {
  type RequireRoleOptions,
  type RequireRoleView,
  type RoleGateStatus,
  useRequireRole,
} from './use-require-role.ts'
export { type SignUpFieldErrors, type SignUpStatus, type SignUpView, useSignUp } from './use-sign-up.ts'
export { useOptionalStore, useStore } from './use-store.ts'
export { useToastNotices } from './use-toast-notices.ts'
export { useVideoConflictDialog, type VideoConflictDialogModel } from './use-video-conflict-dialog.ts'
export { useVideoWatch, type VideoWatch, type VideoWatchStatus } from './use-video-watch.ts'
export { useVisitTracking } from './use-visit-tracking.ts'
export { VideoConflictDialog, type VideoConflictDialogProps } from './video-conflict-dialog.tsx'
