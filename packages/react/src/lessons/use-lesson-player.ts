import { type DeviceCommandResult, type MediaSourceOption, playMedia } from '@coursekit/core'
import type { LessonCaption } from '@coursekit/core/contract'
import { type RefObject, type SyntheticEvent, useCallback, useEffect, useMemo, useState } from 'react'
import { type LessonCaptionsView, useLessonCaptions } from './use-lesson-captions.ts'
import { type MediaKeyHandlers, useMediaKeys } from './use-media-keys.ts'
import { type PlayableMediaView, usePlayableMedia } from './use-playable-media.ts'
import { usePlaybackProgress } from './use-playback-progress.ts'
import { type PlaybackRateView, usePlaybackRate } from './use-playback-rate.ts'
import { useVideoWatch, type VideoWatch } from './use-video-watch.ts'

export interface LessonPlayerLesson {
  lessonId: number
  videoId: string
  durationSec: number
  /** The video's files in the order to try (MP4 before WebM), as `<source>`s; none: the page renders its own. */
  sources?: readonly MediaSourceOption[]
  /** The lesson's caption files (the Korean one is shown, else the first). */
  captions?: readonly LessonCaption[]
  /** Where the caption files are served, as the video's (a deployment's media host; '' for this origin). */
  mediaHost?: string
}

type Media = HTMLMediaElement
type MediaEvent = SyntheticEvent<Media>

/** Handlers to spread on the lesson's `<video>`. */
export interface LessonMediaHandlers {
  onLoadedMetadata(event: MediaEvent): void
  onPlay(event: MediaEvent): void
  onPlaying(event: MediaEvent): void
  onTimeUpdate(event: MediaEvent): void
  onPause(event: MediaEvent): void
  onEnded(event: MediaEvent): void
  onEmptied(event: MediaEvent): void
}

export interface LessonPlayerView {
  /**
   * The watch (spec sections 4 and 7), for the video-conflict dialog: its `endOtherWatch` also
   * plays here again once the other device's watch ended.
   */
  watch: VideoWatch
  /** Another device took this watch over: playback was stopped here; say so. */
  endedElsewhere: boolean
  handlers: LessonMediaHandlers
  /** The `<source>`s to render, as this platform plays them; `failed` with a `MediaLoadError` and `retry`. */
  playable: PlayableMediaView
  /** The `<track>` to render and whether captions are on, remembered on this device. */
  captions: LessonCaptionsView
  /** The speed to play at and the speeds to offer, remembered on this device. */
  speed: PlaybackRateView
  /** To spread on the focusable `<video>`: Space plays and pauses, ← and → move 5 s. */
  keys: MediaKeyHandlers
}

const NO_SOURCES: readonly MediaSourceOption[] = []

/**
 * One lesson's `<video>` as the platform needs it: playing starts a watch, pausing, the end and
 * leaving stop it, another lesson replaces it (the current one ends first); a conflict (409) or a
 * watch another device took over pauses the media; the position is saved and resumed
 * (`usePlaybackProgress`). With it, what the player shows: its sources and captions as this
 * platform loads them, the remembered speed, and the keyboard.
 */
export function useLessonPlayer(lesson: LessonPlayerLesson, media: RefObject<Media | null>): LessonPlayerView {
  const { lessonId, videoId, durationSec } = lesson
  const playable = usePlayableMedia(lesson.sources ?? NO_SOURCES, media)
  const captions = useLessonCaptions(lesson.captions, lesson.mediaHost ?? '', media)
  const speed = usePlaybackRate()
  const keys = useMediaKeys(media)
  const [playing, setPlaying] = useState(false)
  const progress = usePlaybackProgress({ lessonId, durationSec })
  const watch = useVideoWatch(videoId, { playing })
  const { status, endedElsewhere, endOtherWatch } = watch

  // Another lesson: whatever played before is not playing this one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resets on a new video only
  useEffect(() => setPlaying(false), [videoId])

  useEffect(() => {
    if (status === 'conflict' || endedElsewhere) media.current?.pause()
  }, [status, endedElsewhere, media])

  const endOtherAndPlay = useCallback(async (): Promise<DeviceCommandResult> => {
    const result = await endOtherWatch()
    if (result.ok && media.current) playMedia(media.current)
    return result
  }, [endOtherWatch, media])

  const handlers = useMemo<LessonMediaHandlers>(
    () => ({
      onLoadedMetadata: progress.onLoadedMetadata,
      onPlay: () => setPlaying(true),
      onPlaying: progress.onPlaying,
      onTimeUpdate: progress.onTimeUpdate,
      onPause(event) {
        setPlaying(false)
        progress.onPause(event)
      },
      onEnded() {
        setPlaying(false)
        progress.onEnded()
      },
      onEmptied: () => setPlaying(false),
    }),
    [progress],
  )

  return {
    watch: useMemo(() => ({ ...watch, endOtherWatch: endOtherAndPlay }), [watch, endOtherAndPlay]),
    endedElsewhere,
    handlers,
    playable,
    captions,
    speed,
    keys,
  }
}
