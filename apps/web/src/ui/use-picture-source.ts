import { playsMediaDirectly } from '@coursekit/core'
import { useCourseClient } from '@coursekit/react'
import { useEffect, useState } from 'react'

export interface PictureSource {
  /** What the `<img>` loads: the URL itself in a browser, the picture from memory in the desktop app; null for none. */
  src: string | null
  /** Still on its way through the platform (the desktop app only): keep the box, draw nothing yet. */
  loading: boolean
}

type Loaded = { from: string; src: string | null }

/**
 * A content picture's source as this platform shows it. A browser's `<img>` loads the URL itself,
 * from the first render. The desktop app's page reaches no other origin: the picture comes through
 * the platform's media port (the native proxy, as a lesson's video does) and is shown from an object
 * URL, freed when the picture changes or goes; one that cannot be fetched is null (the fallback).
 */
export function usePictureSource(url: string | null): PictureSource {
  const { platform } = useCourseClient()
  const media = playsMediaDirectly(platform) ? null : platform.media
  const [loaded, setLoaded] = useState<Loaded | null>(null)

  useEffect(() => {
    if (!media || url === null) return
    const controller = new AbortController()
    let objectUrl: string | null = null
    media.load(url, controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return
        objectUrl = URL.createObjectURL(blob)
        setLoaded({ from: url, src: objectUrl })
      },
      () => {
        if (!controller.signal.aborted) setLoaded({ from: url, src: null })
      },
    )
    return () => {
      controller.abort()
      if (objectUrl) URL.revokeObjectURL(objectUrl)
    }
  }, [media, url])

  if (!media || url === null) return { src: url, loading: false }
  return loaded?.from === url ? { src: loaded.src, loading: false } : { src: null, loading: true }
}
