import * as z from 'zod/mini'
import { IsoDateTime } from './common.ts'

/**
 * The admin area (decisions.md): the platform's live device sessions as an operator needs them, and
 * signing any device out. Every path under /api/v2/admin needs a bearer whose user has role ADMIN.
 */

/** What the device is playing, when the video belongs to a lesson the server knows. */
export const AdminWatchedLesson = z.looseObject({
  lessonId: z.union([z.string(), z.number()]),
  lessonTitle: z.string(),
  courseId: z.union([z.string(), z.number()]),
  courseTitle: z.nullable(z.string()),
})
export type AdminWatchedLesson = z.infer<typeof AdminWatchedLesson>

/** One live device session: who, which device, watching what, since when. */
export const AdminDeviceSession = z.looseObject({
  sessionId: z.string(),
  user: z.looseObject({
    id: z.string(),
    email: z.nullable(z.string()),
    name: z.nullable(z.string()),
    nickname: z.nullable(z.string()),
  }),
  userAgent: z.string(),
  /** When the device signed in (registered). */
  signedInAt: IsoDateTime,
  lastSeenAt: IsoDateTime,
  isWatchingVideo: z.boolean(),
  videoId: z.nullable(z.string()),
  /** When the current watch started; null when not watching. */
  watchingSince: z.nullable(IsoDateTime),
  lesson: z.nullable(AdminWatchedLesson),
})
export type AdminDeviceSession = z.infer<typeof AdminDeviceSession>

/** Newest activity first. */
export const AdminSessionListResponse = z.looseObject({
  sessions: z.array(AdminDeviceSession),
  total: z.number(),
  deviceLimit: z.number(),
  serverTime: IsoDateTime,
})
export type AdminSessionListResponse = z.infer<typeof AdminSessionListResponse>

export const AdminSignOutResponse = z.looseObject({
  success: z.literal(true),
  removedSessionId: z.string(),
  userId: z.string(),
})
export type AdminSignOutResponse = z.infer<typeof AdminSignOutResponse>
