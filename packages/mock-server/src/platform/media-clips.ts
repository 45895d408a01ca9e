import type { VideoFormat } from '@coursekit/core/contract'

/**
 * The short clips shipped in `media/` (made by media/make-clips.sh): a burned-in clock on a coloured
 * ground, each as WebM (VP9 + Opus) and MP4 (H.264 + AAC) of the same picture and length. Lessons play
 * them in turn, with Korean captions (`clip-a.vtt`); a lesson's durationSec is its clip's length, so a player's "near the end" and the
 * lesson's length agree.
 */
export interface MediaClip {
  /** The file name without its extension: `clip-a` is `clip-a.webm` and `clip-a.mp4`. */
  readonly name: string
  readonly durationSec: number
}

export const MEDIA_CLIPS: readonly MediaClip[] = [
  { name: 'clip-a', durationSec: 6 },
  { name: 'clip-b', durationSec: 8 },
  { name: 'clip-c', durationSec: 10 },
]

/** The file of a clip in one encoding. */
export function clipFile(clip: MediaClip, format: VideoFormat): string {
  return `${clip.name}.${format}`
}

/** The Korean captions of a clip (WebVTT), hand-written beside it to its length. */
export function captionFile(clip: MediaClip): string {
  return `${clip.name}.vtt`
}

/** The clip of the lesson at `order` (1-based) in its course. */
export function clipForLesson(order: number): MediaClip {
  return MEDIA_CLIPS[(order - 1) % MEDIA_CLIPS.length] as MediaClip
}
