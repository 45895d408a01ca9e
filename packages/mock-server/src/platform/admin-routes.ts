import type { AdminDeviceSession, AdminWatchedLesson } from '@coursekit/core/contract'
import { ErrorCode, endpoints } from '@coursekit/core/contract'
import { Hono, type MiddlewareHandler } from 'hono'
import type { BackendContext } from '../context.ts'
import { apiError, type BackendEnv } from '../http.ts'
import { isoTime } from '../iso-time.ts'
import { sampleContent } from './content/index.ts'
import type { DeviceSession } from './device-session.ts'
import { routePath } from './route-path.ts'
import { SESSION_NOT_FOUND_MESSAGE } from './session-wire.ts'

export const ADMIN_ONLY_MESSAGE = '관리자 권한이 필요합니다.'

/**
 * The admin area (decisions.md): every live device session of the platform, and signing any of them
 * out. Mounted after the bearer check of /api; here the caller's platform role must be ADMIN.
 */
export function createAdminRoutes(ctx: BackendContext): Hono<BackendEnv> {
  const app = new Hono<BackendEnv>()
  const { devices, users, clock } = ctx
  const lessons = lessonsByVideo()

  const requireAdmin: MiddlewareHandler<BackendEnv> = (c, next) =>
    users.platform.get(c.get('user').sub)?.role === 'ADMIN'
      ? next()
      : Promise.resolve(apiError(c, 403, ErrorCode.forbidden, ADMIN_ONLY_MESSAGE))
  app.use('/api/v2/admin/*', requireAdmin)

  const describe = (session: DeviceSession): AdminDeviceSession => {
    const record = users.platform.get(session.userId)
    return {
      sessionId: session.id,
      user: {
        id: session.userId,
        email: record?.email ?? users.auth.get(session.userId)?.email ?? null,
        name: record?.name ?? null,
        nickname: record?.nickname ?? null,
      },
      userAgent: session.userAgent,
      signedInAt: isoTime(session.createdAt),
      lastSeenAt: isoTime(session.lastSeenAt),
      isWatchingVideo: session.isWatchingVideo,
      videoId: session.videoId,
      watchingSince: session.watchStartedAt === null ? null : isoTime(session.watchStartedAt),
      lesson: session.videoId === null ? null : (lessons.get(session.videoId) ?? null),
    }
  }

  // ?q= narrows to the people whose e-mail, name or nickname contains it; ?watching=true to the
  // devices playing now. Newest activity first.
  app.get(routePath(endpoints.adminSessions.path), (c) => {
    const q = c.req.query('q')?.trim().toLowerCase() ?? ''
    const watchingOnly = c.req.query('watching') === 'true'
    const sessions = devices
      .allLive()
      .filter((session) => !watchingOnly || session.isWatchingVideo)
      .sort((a, b) => b.lastSeenAt - a.lastSeenAt || b.createdAt - a.createdAt || b.seq - a.seq)
      .map(describe)
      .filter(
        ({ user }) => q === '' || [user.email, user.name, user.nickname].some((f) => f?.toLowerCase().includes(q)),
      )
    return c.json({
      sessions,
      total: sessions.length,
      deviceLimit: devices.deviceLimit,
      serverTime: isoTime(clock.now()),
    })
  })

  // The device learns it at its next heartbeat: 401 SESSION_REVOKED with reason admin.
  app.delete(routePath(endpoints.adminSignOutSession.path), (c) => {
    const removed = devices.signOut(c.req.param('sessionId') ?? '')
    if (!removed) return apiError(c, 404, ErrorCode.notFound, SESSION_NOT_FOUND_MESSAGE)
    return c.json({ success: true, removedSessionId: removed.id, userId: removed.userId })
  })

  return app
}

function lessonsByVideo(): Map<string, AdminWatchedLesson> {
  const courseTitles = new Map(sampleContent.courses.map((course) => [course.id, String(course.title)]))
  return new Map(
    sampleContent.lessons.map((lesson) => [
      String(lesson.videoId),
      {
        lessonId: lesson.id,
        lessonTitle: String(lesson.title),
        courseId: Number(lesson.courseId),
        courseTitle: courseTitles.get(Number(lesson.courseId)) ?? null,
      },
    ]),
  )
}
