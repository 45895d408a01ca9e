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
 * One caption file of a lesson (decisions.md, "Lessons and media"): WebVTT in the language `lang`
 * (BCP 47, `ko`), named `label` in a captions menu. `url` is absolute, or a path on the media host
 * (`/media/{videoId}.vtt`, what the mock serves): see captionUrl.
 */
export const LessonCaption = z.looseObject({ lang: z.string(), label: z.string(), url: z.string() })
export type LessonCaption = z.infer<typeof LessonCaption>

/**
 * A lesson (decisions.md, "Lessons and media"). `durationSec` is the length of the video the server
 * serves at `/media/{videoId}`; `isPreview` lessons play signed out; `captions`, when present, are
 * its subtitle files.
 */
export const Lesson = z.looseObject({
  id: z.number(),
  courseId: z.number(),
  order: z.number(),
  title: z.string(),
  durationSec: z.number(),
  videoId: z.string(),
  isPreview: z.boolean(),
  captions: z.optional(z.array(LessonCaption)),
})
export type Lesson = z.infer<typeof Lesson>

export const LessonList = z.looseObject({ items: z.array(Lesson), total: z.number() })
export type LessonList = z.infer<typeof LessonList>

/**
 * Where the video of a lesson is served: GET (and HEAD) with Range requests, so a player can seek.
 * Not under /api: a `<video>` element fetches it without a bearer, like any media host. The plain
 * path serves the WebM; `/media/{videoId}.webm` and `/media/{videoId}.mp4` name each encoding.
 */
export const MEDIA_PATH = '/media/{videoId}'

/** The media URL of a video on a host (`''` for the page's own origin): its WebM. */
export function mediaUrl(host: string, videoId: string): string {
  return `${host.replace(/\/+$/, '')}/media/${encodeURIComponent(videoId)}`
}

/**
 * The encodings every video is served in (decisions.md, "Lessons and media"), with the codecs a
 * player checks before fetching: VP9 + Opus in WebM; H.264 Constrained Baseline level 3.0 + AAC-LC in
 * MP4 with the index first (fast start), which every iPhone plays. The mock's clips are made to
 * match (mock-server/media/make-clips.sh); a media host serving other profiles must say so here.
 */
export const VIDEO_FORMATS = {
  webm: { contentType: 'video/webm', codecs: 'vp9, opus' },
  mp4: { contentType: 'video/mp4', codecs: 'avc1.42C01E, mp4a.40.2' },
} as const
export type VideoFormat = keyof typeof VIDEO_FORMATS

/** One `<source>` of a `<video>`: where an encoding is and its MIME type with codecs. */
export interface VideoSource {
  readonly src: string
  readonly type: string
}

/** A video's sources on a host, one per encoding, at `/media/{videoId}.{format}`. */
export function videoSources(host: string, videoId: string): Record<VideoFormat, VideoSource> {
  const source = (format: VideoFormat): VideoSource => ({
    src: `${mediaUrl(host, videoId)}.${format}`,
    type: `${VIDEO_FORMATS[format].contentType}; codecs="${VIDEO_FORMATS[format].codecs}"`,
  })
  return { webm: source('webm'), mp4: source('mp4') }
}

/** The path of a video's captions on the media host, as the mock serves them (WebVTT, `text/vtt`). */
export function captionPath(videoId: string): string {
  return `/media/${encodeURIComponent(videoId)}.vtt`
}

/**
 * Where a caption file is: an absolute URL as it is, a path on the media `host` (`''` for the
 * page's own origin), as a lesson's video is.
 */
export function captionUrl(host: string, url: string): string {
  return url.startsWith('/') && !url.startsWith('//') ? `${host.replace(/\/+$/, '')}${url}` : url
}

/**
 * A lesson's materials (수업 자료), one file as an attachment with its name in `content-disposition`
 * (`filename*` in UTF-8 for a Korean name). Under the public lessons prefix: a preview lesson's
 * materials are anyone's, any other lesson's need the signed-in learner's bearer (401 without one),
 * so the client asks for them with `requireUser`.
 */
export const LESSON_MATERIALS_PATH = '/api/v2/lessons/{lessonId}/materials'

/** The materials path of one lesson. */
export function lessonMaterialsPath(lessonId: string | number): string {
  return `/api/v2/lessons/${encodeURIComponent(String(lessonId))}/materials`
}
