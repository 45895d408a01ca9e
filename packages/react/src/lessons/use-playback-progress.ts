import { createPlaybackProgressTracker, type PlaybackProgressTracker } from '@coursekit/core'
import { useEffect, useMemo, useRef } from 'react'
import { useCourseClient } from '../course-client-context.ts'

/** What a media element's event carries that progress needs. */
type MediaEvent = { currentTarget: Pick<HTMLMediaElement, 'currentTime' | 'duration'> }

/** Handlers to spread on a `<video>` or `<audio>`: resume, save while playing, on pause and at the end. */
export interface PlaybackProgressHandlers {
  /** Seeks to the saved position once the media's length is known. */
  onLoadedMetadata(event: MediaEvent): void
  onPlaying(event: MediaEvent): void
  onTimeUpdate(event: MediaEvent): void
  onPause(event: MediaEvent): void
  onEnded(): void
}

/**
 * A lesson's progress as its player plays (the core's `PlaybackProgressTracker`): the position is
 * saved every 10 s of the client's clock while playing, on pause, on page hide and when the player
 * goes away; a watch that reaches the last 5 % marks the lesson done. A new lesson gets a new tracker.
 */
export function usePlaybackProgress(lesson: { lessonId: number; durationSec: number }): PlaybackProgressHandlers {
  const client = useCourseClient()
  const { lessonId, durationSec } = lesson
  const tracker = useRef<PlaybackProgressTracker | null>(null)

  useEffect(() => {
    const made = createPlaybackProgressTracker(
      { progress: client.lessonProgress, clock: client.clock, lifecycle: client.platform.lifecycle },
      { lessonId, durationSec },
    )
    tracker.current = made
    return () => {
      made.dispose()
      if (tracker.current === made) tracker.current = null
    }
  }, [client, lessonId, durationSec])

  return useMemo(
    () => ({
      onLoadedMetadata(event) {
        const resumeAt = client.lessonProgress.positionOf(lessonId)
        if (resumeAt > 0 && resumeAt < event.currentTarget.duration) event.currentTarget.currentTime = resumeAt
      },
      onPlaying: (event) => tracker.current?.playing(event.currentTarget.currentTime),
      onTimeUpdate: (event) =>
        tracker.current?.timeUpdate(event.currentTarget.currentTime, event.currentTarget.duration),
      onPause: (event) => tracker.current?.paused(event.currentTarget.currentTime),
      onEnded: () => tracker.current?.ended(),
    }),
    [client, lessonId],
  )
}
