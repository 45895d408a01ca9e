/**
 * @coursekit/react: React bindings for @coursekit/core. Thin hooks over the core's stores and
 * events (the core does the work), a provider, and the device-limit and video-conflict dialogs,
 * headless or as accessible defaults. Importing it touches no browser global (SSR-safe).
 */

export { type ConversionTracker, useConversion } from './analytics/use-conversion.ts'
export { useAccountLink } from './auth/use-account-link.ts'
export { useAuth, useAuthService } from './auth/use-auth.ts'
export { type AuthGateOptions, type AuthGateView, useAuthGate } from './auth/use-auth-gate.ts'
export { type MailResendStatus, type MailResendView, useMailResend } from './auth/use-mail-resend.ts'
export { type OAuthCallbackView, useOAuthCallback } from './auth/use-oauth-callback.ts'
export {
  type PasswordChangeStatus,
  type PasswordChangeView,
  usePasswordChange,
} from './auth/use-password-change.ts'
export {
  type PasswordResetRequestStatus,
  type PasswordResetRequestView,
  usePasswordResetRequest,
} from './auth/use-password-reset-request.ts'
export {
  type PasswordSignInStatus,
  type PasswordSignInView,
  type SignInFieldError,
  usePasswordSignIn,
} from './auth/use-password-sign-in.ts'
export { type ProfileView, useProfile } from './auth/use-profile.ts'
export { type ProfileCompletionView, useProfileCompletion } from './auth/use-profile-completion.ts'
export {
  type ProfileGateOptions,
  type ProfileGateStatus,
  type ProfileGateView,
  useProfileGate,
} from './auth/use-profile-gate.ts'
export {
  type RoleGateOptions,
  type RoleGateStatus,
  type RoleGateView,
  useRoleGate,
} from './auth/use-role-gate.ts'
export { type SignUpFieldErrors, type SignUpStatus, type SignUpView, useSignUp } from './auth/use-sign-up.ts'
export type { NoticeSummary } from './content/notice-fields.ts'
export {
  type CalendarDay,
  type CalendarEvent,
  type CalendarMonthView,
  useCalendarMonth,
} from './content/use-calendar-month.ts'
export { type CourseCatalogueView, useCourseCatalogue } from './content/use-course-catalogue.ts'
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
} from './content/use-course-detail.ts'
export { type EndpointStatus, type EndpointView, useEndpoint } from './content/use-endpoint.ts'
export { type Mentor, type MentorCourse, type MentorsView, useMentors } from './content/use-mentors.ts'
export { type MyCourse, type MyCoursesView, useMyCourses } from './content/use-my-courses.ts'
export { type NoticeDetail, type NoticeStatus, type NoticeView, useNotice } from './content/use-notice.ts'
export { type NoticeBoardView, useNoticeBoard } from './content/use-notice-board.ts'
export { useCourseClient } from './course-client-context.ts'
export { CourseClientProvider, type CourseClientProviderProps } from './course-client-provider.tsx'
export { type AdminSessionRow, type AdminSessionsView, useAdminSessions } from './devices/use-admin-sessions.ts'
export { useDeviceSession } from './devices/use-device-session.ts'
export { type DevicesView, useDevices } from './devices/use-devices.ts'
export { DeviceLimitDialog, type DeviceLimitDialogProps } from './dialogs/device-limit-dialog.tsx'
export { type DialogLabels, dialogLabels } from './dialogs/labels.ts'
export { ModalDialog, type ModalDialogProps } from './dialogs/modal-dialog.tsx'
export type { DeviceLimitDialogModel } from './dialogs/use-device-limit-dialog.ts'
export type { VideoConflictDialogModel } from './dialogs/use-video-conflict-dialog.ts'
export { VideoConflictDialog, type VideoConflictDialogProps } from './dialogs/video-conflict-dialog.tsx'
export type { CaptionTrack, LessonCaptionsView } from './lessons/use-lesson-captions.ts'
export {
  type LessonMaterialsStatus,
  type LessonMaterialsView,
  useLessonMaterials,
} from './lessons/use-lesson-materials.ts'
export {
  type LessonMediaHandlers,
  type LessonPlayerLesson,
  type LessonPlayerView,
  useLessonPlayer,
} from './lessons/use-lesson-player.ts'
export {
  type CourseProgressView,
  type LessonProgressView,
  useCourseProgress,
  useLessonProgress,
} from './lessons/use-lesson-progress.ts'
export type { MediaKeyHandlers } from './lessons/use-media-keys.ts'
export { type NextLessonCountdownView, useNextLessonCountdown } from './lessons/use-next-lesson-countdown.ts'
export type { PlayableMediaView } from './lessons/use-playable-media.ts'
export type { PlaybackRateView } from './lessons/use-playback-rate.ts'
export type { VideoWatch, VideoWatchStatus } from './lessons/use-video-watch.ts'
export type { ToastSink } from './notices/notice-ledger.ts'
export { useNoticeShownHere } from './notices/page-memory.ts'
export { useNavigateEvents } from './notices/use-client-events.ts'
export { useToastNotices } from './notices/use-toast-notices.ts'
export { useStore } from './use-store.ts'
