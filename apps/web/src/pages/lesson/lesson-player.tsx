import { decisionMessages, playMedia, togglePlayback } from '@coursekit/core'
import { type Lesson, videoSources } from '@coursekit/core/contract'
import { useAuth, useLessonPlayer, useNextLessonCountdown, VideoConflictDialog } from '@coursekit/react'
import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { lessonPath } from '../../app/paths.ts'
import { dialogLook } from '../../ui/dialog-look.ts'
import { FailedState } from '../../ui/failed-state.tsx'
import { OfflineBanner } from '../../ui/offline-banner.tsx'
import { type LessonEnd, LessonEndCard } from './lesson-end-card.tsx'
import { playerLayout } from './player-layout.ts'

/** Where videos are served: a deployment's media host, else this origin (the mock's /media). */
const mediaHost = import.meta.env.VITE_MEDIA_BASE_URL ?? ''

// The conflict dialog's first button ends the other device's watch: the primary action.

/**
 * The lesson's video in a 16:9 box reserved before it loads (edge to edge on a phone), the
 * browser's own controls, Space and ←/→ on the player, a tap on the picture on a touch screen, a
 * remembered speed and captions choice, and at the end the way on: the next lesson after a
 * countdown, or back to the course after its last.
 */
export function LessonPlayer({ lesson, next }: { lesson: Lesson; next: Lesson | undefined }): ReactNode {
  const video = useRef<HTMLVideoElement>(null)
  const offered = videoSources(mediaHost, lesson.videoId)
  // MP4 (H.264 + AAC) first: iPhones and Safari need it (older iOS plays no WebM), and nearly every
  // phone and laptop decodes H.264 in hardware, so it costs the least battery wherever it plays. A
  // browser without H.264 (some Chromium and Linux Firefox builds) reads the codecs in `type`,
  // skips it without fetching a byte, and plays the WebM. The desktop app fetches only the first
  // one its video can play, through the proxy.
  const player = useLessonPlayer(
    {
      lessonId: lesson.id,
      videoId: lesson.videoId,
      durationSec: lesson.durationSec,
      sources: [offered.mp4, offered.webm],
      captions: lesson.captions,
      mediaHost,
    },
    video,
  )
  const { speed, keys, captions, playable: media } = player
  const speedId = useId()
  const autoplay = (useLocation().state as { autoplay?: boolean } | null)?.autoplay === true
  const signedIn = useAuth((state) => state.status === 'authenticated')
  const end: LessonEnd = !next
    ? { kind: 'last', courseId: lesson.courseId }
    : next.isPreview || signedIn
      ? { kind: 'next', next }
      : { kind: 'sign-in', next }
  const navigate = useNavigate()
  const playNext = () => {
    if (next) void navigate(lessonPath(next.courseId, next.id), { state: { autoplay: true } })
  }
  const countdown = useNextLessonCountdown(playNext)
  const [ended, setEnded] = useState(false)
  const closeEnd = () => {
    countdown.cancel()
    setEnded(false)
    video.current?.focus()
  }
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
      {/* Escape, on the video or the card, declines what the end offers, as 취소 and 닫기 do. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the key comes from the focusable video and the card's buttons inside; the box itself takes no focus */}
      <div
        className={`relative ${playerLayout.videoBox} bg-black`}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && ended) closeEnd()
        }}
      >
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
          onPlay={(event) => {
            player.handlers.onPlay(event)
            countdown.reset()
            setEnded(false)
          }}
          onEnded={(event) => {
            player.handlers.onEnded(event)
            setEnded(true)
            if (end.kind === 'next') countdown.start()
          }}
        >
          {/* The sources are read once per element: the page remounts the player per lesson. */}
          {media.sources.map((source) => (
            <source key={source.src} src={source.src} type={source.type} />
          ))}
          {captions.track && (
            <track
              kind="captions"
              src={captions.track.src}
              srcLang={captions.track.srcLang}
              label={captions.track.label}
            />
          )}
        </video>
        {/* A touch screen: a tap on the picture plays and pauses (the browser's own would only show
            its controls). Clear of the control bar at the bottom, so its buttons stay the browser's. */}
        <div
          aria-hidden
          data-testid="tap-to-play"
          className="absolute inset-x-0 top-0 bottom-7 hidden pointer-coarse:block"
          onClick={() => video.current && togglePlayback(video.current)}
        />
        {ended && <LessonEndCard end={end} countdown={countdown} onPlayNext={playNext} onClose={closeEnd} />}
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
        <div className="flex items-center gap-1.5">
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
          {captions.available && (
            <button
              type="button"
              aria-pressed={captions.enabled}
              onClick={() => captions.setEnabled(!captions.enabled)}
              className={`flex h-5 items-center gap-0.5 rounded-md border px-1 font-semibold text-sm ${
                captions.enabled ? 'border-brand-strong bg-brand-strong text-white' : 'border-gray-300 bg-white'
              }`}
            >
              자막<span aria-hidden>{captions.enabled ? ' 켜짐' : ' 꺼짐'}</span>
            </button>
          )}
        </div>
        {/* Keys are no use without a keyboard: a touch screen does not show them. */}
        <p className="text-gray-600 text-sm pointer-coarse:hidden">스페이스 재생·일시정지 · ←/→ 5초 이동</p>
      </div>
      <VideoConflictDialog watch={player.watch} className={dialogLook} />
    </div>
  )
}
