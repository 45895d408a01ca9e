import { createBrowserRouter } from 'react-router'
import { lazyPage } from './page-code.ts'
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
        // A page that fails (its code not loaded offline, or a crash) shows here, inside the shell.
        // Loaded with the first page (the router loads every matched route's code before showing
        // it), so it is here before any page can fail, and stays out of the first paint's scripts.
        lazy: () => import('./route-error.tsx').then(({ RouteError }) => ({ ErrorBoundary: RouteError })),
        children: [
          {
            index: true,
            lazy: lazyPage(
              () => import('../pages/home/home-page.tsx'),
              (page) => page.HomePage,
            ),
          },
          {
            path: 'sign/in',
            lazy: lazyPage(
              () => import('../pages/sign/sign-in-page.tsx'),
              (page) => page.SignInPage,
            ),
          },
          {
            path: 'sign/complete/:userId/:email',
            lazy: lazyPage(
              () => import('../pages/sign/profile-completion-page.tsx'),
              (page) => page.ProfileCompletionPage,
            ),
          },
          {
            path: 'auth/callback',
            lazy: lazyPage(
              () => import('../pages/auth/oauth-callback-page.tsx'),
              (page) => page.OAuthCallbackPage,
            ),
          },
          {
            path: 'sign/up',
            lazy: lazyPage(
              () => import('../pages/sign/sign-up-page.tsx'),
              (page) => page.SignUpPage,
            ),
          },
          {
            path: 'sign/reset-password',
            lazy: lazyPage(
              () => import('../pages/sign/reset-password-page.tsx'),
              (page) => page.ResetPasswordPage,
            ),
          },
          {
            path: 'sign/reset-password/confirm',
            lazy: lazyPage(
              () => import('../pages/sign/reset-password-confirm-page.tsx'),
              (page) => page.ResetPasswordConfirmPage,
            ),
          },
          {
            path: 'courses/:courseId/lessons/:lessonId',
            lazy: lazyPage(
              () => import('../pages/lesson/lesson-page.tsx'),
              (page) => page.LessonPage,
            ),
          },
          {
            path: 'admin',
            lazy: lazyPage(
              () => import('../pages/admin/admin-page.tsx'),
              (page) => page.AdminPage,
            ),
          },
          {
            path: 'courses',
            lazy: lazyPage(
              () => import('../pages/courses/catalogue-page.tsx'),
              (page) => page.CataloguePage,
            ),
          },
          {
            path: 'courses/:courseId',
            lazy: lazyPage(
              () => import('../pages/courses/course-page.tsx'),
              (page) => page.CoursePage,
            ),
          },
          {
            path: 'my/courses',
            lazy: lazyPage(
              () => import('../pages/my-courses/my-courses-page.tsx'),
              (page) => page.MyCoursesPage,
            ),
          },
          {
            path: 'my/devices',
            lazy: lazyPage(
              () => import('../pages/my-devices/my-devices-page.tsx'),
              (page) => page.MyDevicesPage,
            ),
          },
          {
            path: 'mentors',
            lazy: lazyPage(
              () => import('../pages/mentors/mentors-page.tsx'),
              (page) => page.MentorsPage,
            ),
          },
          {
            path: 'notices',
            lazy: lazyPage(
              () => import('../pages/notices/notices-page.tsx'),
              (page) => page.NoticesPage,
            ),
          },
          {
            path: 'notices/:noticeId',
            lazy: lazyPage(
              () => import('../pages/notices/notice-page.tsx'),
              (page) => page.NoticePage,
            ),
          },
          {
            path: 'calendar',
            lazy: lazyPage(
              () => import('../pages/calendar/calendar-page.tsx'),
              (page) => page.CalendarPage,
            ),
          },
          {
            path: '*',
            lazy: lazyPage(
              () => import('../pages/not-found/not-found-page.tsx'),
              (page) => page.NotFoundPage,
            ),
          },
        ],
      },
    ],
  },
])
