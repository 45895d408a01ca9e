import { createBrowserRouter } from 'react-router'
import { Shell } from './shell.tsx'

/**
 * Every route of the app: the shell around them, each page loaded when first visited. A new area
 * adds its routes here and its page under `src/pages/<area>/`.
 */
export const router = createBrowserRouter([
  {
    element: <Shell />,
    // The first page's code loads before anything shows; the HTML's own background stands in.
    HydrateFallback: () => null,
    children: [
      {
        index: true,
        lazy: () => import('../pages/home/home-page.tsx').then(({ HomePage }) => ({ Component: HomePage })),
      },
      {
        path: 'sign/in',
        lazy: () => import('../pages/sign/sign-in-page.tsx').then(({ SignInPage }) => ({ Component: SignInPage })),
      },
      {
        path: 'sign/complete/:userId/:email',
        lazy: () =>
          import('../pages/sign/profile-completion-page.tsx').then(({ ProfileCompletionPage }) => ({
            Component: ProfileCompletionPage,
          })),
      },
      {
        path: 'auth/callback',
        lazy: () =>
          import('../pages/auth/oauth-callback-page.tsx').then(({ OAuthCallbackPage }) => ({
            Component: OAuthCallbackPage,
          })),
      },
      {
        path: 'sign/up',
        lazy: () => import('../pages/sign/sign-up-page.tsx').then(({ SignUpPage }) => ({ Component: SignUpPage })),
      },
      {
        path: 'sign/reset-password',
        lazy: () =>
          import('../pages/sign/reset-password-page.tsx').then(({ ResetPasswordPage }) => ({
            Component: ResetPasswordPage,
          })),
      },
      {
        path: 'sign/reset-password/confirm',
        lazy: () =>
          import('../pages/sign/reset-password-confirm-page.tsx').then(({ ResetPasswordConfirmPage }) => ({
            Component: ResetPasswordConfirmPage,
          })),
      },
      {
        path: 'courses/:courseId/lessons/:lessonId',
        lazy: () => import('../pages/lesson/lesson-page.tsx').then(({ LessonPage }) => ({ Component: LessonPage })),
      },
      {
        path: 'admin',
        lazy: () => import('../pages/admin/admin-page.tsx').then(({ AdminPage }) => ({ Component: AdminPage })),
      },
      {
        path: 'courses',
        lazy: () =>
          import('../pages/courses/catalogue-page.tsx').then(({ CataloguePage }) => ({ Component: CataloguePage })),
      },
      {
        path: 'courses/:courseId',
        lazy: () => import('../pages/courses/course-page.tsx').then(({ CoursePage }) => ({ Component: CoursePage })),
      },
      {
        path: 'my/courses',
        lazy: () =>
          import('../pages/my-courses/my-courses-page.tsx').then(({ MyCoursesPage }) => ({ Component: MyCoursesPage })),
      },
      {
        path: 'my/devices',
        lazy: () =>
          import('../pages/my-devices/my-devices-page.tsx').then(({ MyDevicesPage }) => ({ Component: MyDevicesPage })),
      },
      {
        path: 'mentors',
        lazy: () => import('../pages/mentors/mentors-page.tsx').then(({ MentorsPage }) => ({ Component: MentorsPage })),
      },
      {
        path: 'notices',
        lazy: () => import('../pages/notices/notices-page.tsx').then(({ NoticesPage }) => ({ Component: NoticesPage })),
      },
      {
        path: 'notices/:noticeId',
        lazy: () => import('../pages/notices/notice-page.tsx').then(({ NoticePage }) => ({ Component: NoticePage })),
      },
      {
        path: 'calendar',
        lazy: () =>
          import('../pages/calendar/calendar-page.tsx').then(({ CalendarPage }) => ({ Component: CalendarPage })),
      },
      {
        path: '*',
        lazy: () =>
          import('../pages/not-found/not-found-page.tsx').then(({ NotFoundPage }) => ({ Component: NotFoundPage })),
      },
    ],
  },
])
