import { captionUrl, type LessonCaption } from '@coursekit/core/contract'
import { type RefObject, useEffect, useMemo } from 'react'
import { useCaptionPreference } from './use-caption-preference.ts'
import { usePlayableMedia } from './use-playable-media.ts'

/** The `<track>` to render inside the lesson's `<video>`. */
export interface CaptionTrack {
  src: string
  srcLang: string
  label: string
}

export interface LessonCaptionsView {
  /** The lesson's captions in the preferred language, ready to render; null while none (or loading). */
  track: CaptionTrack | null
  /** Whether the lesson has captions at all (a 자막 control makes sense). */
  available: boolean
  /** Captions show (remembered on this device, across lessons and visits). */
  enabled: boolean
  setEnabled(enabled: boolean): void
}

/**
 * A lesson's captions on its `<video>`: the Korean file (else the first), its URL on the media
 * `host` as the video's, loaded through the platform where the video is (the desktop app's proxy,
 * as an object URL), and shown or not as the learner last chose. The track's mode follows the
 * choice; a choice made in the browser's own captions menu is remembered too.
 */
export function useLessonCaptions(
  captions: readonly LessonCaption[] | undefined,
  host: string,
  media: RefObject<HTMLMediaElement | null>,
): LessonCaptionsView {
  const { enabled, setEnabled } = useCaptionPreference()
  const chosen = captions?.find((caption) => caption.lang === 'ko') ?? captions?.[0]
  const url = chosen ? captionUrl(host, chosen.url) : null
  const offered = useMemo(() => (url ? [{ src: url }] : []), [url])
  const file = usePlayableMedia(offered, media)
  const src = file.status === 'ready' ? file.sources[0]?.src : undefined
  const lang = chosen?.lang ?? ''
  const label = chosen?.label ?? ''
  const track = useMemo(() => (src ? { src, srcLang: lang, label } : null), [src, lang, label])

  useEffect(() => {
    const tracks = media.current?.textTracks
    if (!tracks || !track) return
    const ours = () => Array.from(tracks).find((item) => item.kind === 'captions' && item.language === lang)
    const found = ours()
    if (found) found.mode = enabled ? 'showing' : 'disabled'
    // The browser's own captions menu changes the mode: that is the learner's choice too.
    const onChange = () => {
      const showing = ours()?.mode === 'showing'
      if (showing !== enabled) setEnabled(showing)
    }
    tracks.addEventListener('change', onChange)
    return () => tracks.removeEventListener('change', onChange)
  }, [media, track, lang, enabled, setEnabled])

  return { track, available: chosen !== undefined, enabled, setEnabled }
}
