import type { Platform } from '../kernel/ports.ts'
import { MediaLoadError } from './media-load-error.ts'

/** One file a media element may play: its URL and MIME type with codecs (`<source src type>`). */
export interface MediaSourceOption {
  src: string
  type?: string
}

/** What to give the element, and what to free when the element no longer shows it. */
export interface PlayableMedia {
  sources: readonly MediaSourceOption[]
  /** Frees the file held in memory (its object URL). Idempotent. */
  release(): void
}

export interface LoadPlayableMediaOptions {
  /** The element's `canPlayType`: '' for a type it cannot play. */
  canPlayType(type: string): string
  signal: AbortSignal
}

/**
 * True where the element loads the files' URLs itself (a browser): the sources are used as they
 * are, at once. False where the files come through the platform's transport (the desktop wrapper).
 */
export function playsMediaDirectly(platform: Platform): boolean {
  return platform.media === undefined
}

/**
 * The sources as the element can play them on this platform. Where the element loads URLs itself,
 * the sources as given. Otherwise only the first source the element can play is loaded (a second
 * format would be a second download of the whole lesson), through the platform's media port, and
 * given to the element from memory as an object URL, freed by `release`.
 */
export async function loadPlayableMedia(
  platform: Platform,
  sources: readonly MediaSourceOption[],
  options: LoadPlayableMediaOptions,
): Promise<PlayableMedia> {
  const media = platform.media
  if (!media) return { sources, release: () => {} }
  const chosen = sources.find((source) => !source.type || options.canPlayType(source.type) !== '')
  if (!chosen) {
    const types = sources.map((source) => source.type).join(', ')
    throw new MediaLoadError('unsupported', `the media element can play none of: ${types}`)
  }
  // A path is the page's: resolved as the element would resolve it.
  const url = new URL(chosen.src, platform.location.current().href).href
  const blob = await media.load(url, options.signal)
  const typed = blob.type === '' && chosen.type ? new Blob([blob], { type: chosen.type.split(';')[0] }) : blob
  const objectUrl = URL.createObjectURL(typed)
  let released = false
  return {
    sources: [{ src: objectUrl, type: chosen.type }],
    release() {
      if (released) return
      released = true
      URL.revokeObjectURL(objectUrl)
    },
  }
}
