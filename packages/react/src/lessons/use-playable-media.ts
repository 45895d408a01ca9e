import {
  loadPlayableMedia,
  MediaLoadError,
  type MediaSourceOption,
  type PlayableMedia,
  playsMediaDirectly,
} from '@coursekit/core'
import { type RefObject, useCallback, useEffect, useState } from 'react'
import { useCourseClient } from '../course-client-context.ts'

export interface PlayableMediaView {
  /** The `<source>` elements to render: all of them in a browser; in the desktop app the one it loaded. */
  sources: readonly MediaSourceOption[]
  /** `loading` only where the file comes through the platform (the desktop app); a browser is `ready` at once. */
  status: 'loading' | 'ready' | 'failed'
  error: MediaLoadError | null
  /** Loads again after a failure (the desktop app); nothing to do in a browser. */
  retry(): void
}

type Loaded = { key: string; media: PlayableMedia } | { key: string; error: MediaLoadError }

/**
 * A media element's sources as this platform plays them (core's loadPlayableMedia). In a browser
 * the sources as given, from the first render, with no state and no request. In the desktop app the
 * first source the element can play (`canPlayType`) is fetched through the proxy and rendered as an
 * object URL, freed when the sources change or the element goes. The element's resource selection
 * starts when that `<source>` is inserted into it, so render the element without sources meanwhile.
 */
export function usePlayableMedia(
  sources: readonly MediaSourceOption[],
  element: RefObject<HTMLMediaElement | null>,
): PlayableMediaView {
  const { platform } = useCourseClient()
  const direct = playsMediaDirectly(platform)
  // The page builds its sources on every render: they are the same while their URLs and types are.
  const [attempt, setAttempt] = useState(0)
  const key = `${attempt}\n${sources.map((source) => `${source.src} ${source.type ?? ''}`).join('\n')}`
  const [loaded, setLoaded] = useState<Loaded | null>(null)
  const retry = useCallback(() => setAttempt((count) => count + 1), [])

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `sources` (and the attempt)
  useEffect(() => {
    if (direct) return
    const controller = new AbortController()
    let held: PlayableMedia | null = null
    loadPlayableMedia(platform, sources, {
      canPlayType: (type) => element.current?.canPlayType(type) ?? '',
      signal: controller.signal,
    }).then(
      (media) => {
        if (controller.signal.aborted) return media.release()
        held = media
        setLoaded({ key, media })
      },
      (error: unknown) => {
        if (controller.signal.aborted) return
        const failure =
          error instanceof MediaLoadError ? error : new MediaLoadError('network', String(error), null, { cause: error })
        setLoaded({ key, error: failure })
      },
    )
    return () => {
      controller.abort()
      held?.release()
    }
  }, [direct, platform, key, element])

  if (direct) return { sources, status: 'ready', error: null, retry }
  if (loaded?.key !== key) return { sources: [], status: 'loading', error: null, retry }
  if ('error' in loaded) return { sources: [], status: 'failed', error: loaded.error, retry }
  return { sources: loaded.media.sources, status: 'ready', error: null, retry }
}
