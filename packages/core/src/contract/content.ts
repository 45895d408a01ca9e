import * as z from 'zod/mini'

/**
 * Public content lists. The spec does not show these fields, so the client keeps every item as the
 * server sent it and checks only the envelope.
 */
export const ContentList = z.looseObject({
  items: z.array(z.looseObject({ id: z.union([z.string(), z.number()]) })),
  total: z.number(),
})
export type ContentList = z.infer<typeof ContentList>

/** One public content item read by id (a course at `/api/v2/courses/{id}`): its id checked, the rest kept. */
export const ContentItem = z.looseObject({ id: z.union([z.string(), z.number()]) })
export type ContentItem = z.infer<typeof ContentItem>

export const HealthResponse = z.looseObject({ status: z.literal('ok') })
export type HealthResponse = z.infer<typeof HealthResponse>

/**
 * A lesson (decisions.md, "Lessons and media"). `durationSec` is the length of the video the server
 * serves at `/media/{videoId}`; `isPreview` lessons play signed out.
 */
export const Lesson = z.looseObject({
  id: z.number(),
  courseId: z.number(),
  order: z.number(),
  title: z.string(),
  durationSec: z.number(),
  videoId: z.string(),
  isPreview: z.boolean(),
})
export type Lesson = z.infer<typeof Lesson>

export const LessonList = z.looseObject({ items: z.array(Lesson), total: z.number() })
export type LessonList = z.infer<typeof LessonList>

/**
 * Where the video of a lesson is served: GET (and HEAD) with Range requests, so a player can seek.
 * Not under /api: a `<video>` element fetches it without a bearer, like any media host.
 */
export const MEDIA_PATH = '/media/{videoId}'

/** The media URL of a video on a host (`''` for the page's own origin). */
export function mediaUrl(host: string, videoId: string): string {
  return `${host.replace(/\/+$/, '')}/media/${encodeURIComponent(videoId)}`
}
