import { decisionMessages } from '@coursekit/core'
import { type Lesson, videoSources } from '@coursekit/core/contract'
import {
  playMedia,
  useLessonPlayer,
  useMediaKeys,
  usePlayableMedia,
  usePlaybackRate,
  VideoConflictDialog,
} from '@coursekit/react'
import { type ReactNode, useEffect, useId, useRef } from 'react'
import { useLocation } from 'react-router'
import { dialogLook } from '../../ui/dialog-look.ts'
import { FailedState } from '../../ui/failed-state.tsx'
import { OfflineBanner } from '../../ui/offline-banner.tsx'

/** Where videos are served: a deployment's media host, else this origin (the mock's /media). */
const mediaHost = import.meta.env.VITE_MEDIA_BASE_URL ?? ''

// The conflict dialog's first button ends the other device's watch: the primary action.
const conflictLook = `${dialogLook} [&>button:first-of-type]:border-brand-strong! [&>button:first-of-type]:bg-brand-strong! [&>button:first-of-type]:text-white! [&>button]:mt-1 [&>button]:w-full`

/**
 * The lesson's video in a 16:9 box reserved before it loads, the browser's own controls, Space and
 * ←/→ on the player, and a remembered speed. No captions exist for the sample clips; the page says so.
 */
export function LessonPlayer({ lesson }: { lesson: Lesson }): ReactNode {
  const video = useRef<HTMLVideoElement>(null)
  const player = useLessonPlayer(
    { lessonId: lesson.id, videoId: lesson.videoId, durationSec: lesson.durationSec },
    video,
  )
  const speed = usePlaybackRate()
  const keys = useMediaKeys(video)
  const speedId = useId()
  const autoplay = (useLocation().state as { autoplay?: boolean } | null)?.autoplay === true
  const offered = videoSources(mediaHost, lesson.videoId)
  // MP4 (H.264 + AAC) first: iPhones and Safari need it (older iOS plays no WebM), and nearly every
  // phone and laptop decodes H.264 in hardware, so it costs the least battery wherever it plays. A
  // browser without H.264 (some Chromium and Linux Firefox builds) reads the codecs in `type`,
  // skips it without fetching a byte, and plays the WebM. The desktop app fetches only the first
  // one its video can play, through the proxy.
  const media = usePlayableMedia([offered.mp4, offered.webm], video)

  useEffect(() => {
    if (!video.current) return
    video.current.defaultPlaybackRate = speed.rate
    video.current.playbackRate = speed.rate
  }, [speed.rate])

  // Arriving from "다음 수업" the next lesson plays on; a browser that refuses (no autoplay with
  // sound) leaves it paused with its play button.
  useEffect(() => {
    if (autoplay && video.current) playMedia(video.current)
  }, [autoplay])

  return (
    <div className="flex flex-col gap-1">
      <div className="aspect-video w-full overflow-hidden rounded-xl bg-black">
        {/* Focusable itself, so Space and the arrows work on it and on its own controls. */}
        <video
          ref={video}
          controls
          playsInline
          preload="metadata"
          tabIndex={0}
          {...keys}
          aria-label={`${lesson.title} 동영상`}
          className="size-full focus-visible:outline-offset-[-3px]"
          {...player.handlers}
        >
          {/* The sources are read once per element: the page remounts the player per lesson. */}
          {media.sources.map((source) => (
            <source key={source.src} src={source.src} type={source.type} />
          ))}
        </video>
      </div>
      {media.status === 'failed' &&
        (media.error?.failure === 'network' ? (
          <OfflineBanner onRetry={media.retry} />
        ) : (
          <div role="alert">
            <FailedState message={decisionMessages.mediaLoadFailed} onRetry={media.retry} />
          </div>
        ))}
      {player.endedElsewhere && (
        <p role="alert" className="rounded-lg bg-amber-50 px-1.5 py-1 text-amber-900 text-sm">
          {decisionMessages.watchEndedByOtherDevice}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-1">
        <div className="flex items-center gap-1">
          <label htmlFor={speedId} className="font-semibold text-sm">
            재생 속도
          </label>
          <select
            id={speedId}
            value={speed.rate}
            onChange={(event) => speed.setRate(Number(event.target.value))}
            className="h-5 rounded-md border border-gray-300 bg-white px-1 text-sm"
          >
            {speed.rates.map((rate) => (
              <option key={rate} value={rate}>
                {rate}×
              </option>
            ))}
          </select>
        </div>
        <p className="text-gray-600 text-sm">스페이스 재생·일시정지 · ←/→ 5초 이동 · 자막 없음</p>
      </div>
      <VideoConflictDialog watch={player.watch} className={conflictLook} />
    </div>
  )
}
