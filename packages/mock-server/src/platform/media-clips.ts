/**
 * The short clips shipped in `media/` (made by media/make-clips.sh): VP9 and Opus in WebM, a
 * burned-in clock on a coloured ground. Lessons play them in turn; a lesson's durationSec is its
 * clip's length, so a player's "near the end" and the lesson's length agree.
 */
export interface MediaClip {
  readonly file: string
  readonly contentType: string
  readonly durationSec: number
}

export const MEDIA_CLIPS: readonly MediaClip[] = [
  { file: 'clip-a.webm', contentType: 'video/webm', durationSec: 6 },
  { file: 'clip-b.webm', contentType: 'video/webm', durationSec: 8 },
  { file: 'clip-c.webm', contentType: 'video/webm', durationSec: 10 },
]

/** The clip of the lesson at `order` (1-based) in its course. */
export function clipForLesson(order: number): MediaClip {
  return MEDIA_CLIPS[(order - 1) % MEDIA_CLIPS.length] as MediaClip
}
