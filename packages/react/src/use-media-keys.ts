import { type KeyboardEvent, type RefObject, useCallback } from 'react'

/** How far ← and → move playback. */
export const MEDIA_SEEK_STEP_SEC = 5

type Media = Pick<HTMLMediaElement, 'paused' | 'currentTime' | 'duration' | 'play' | 'pause'>

/**
 * Starts playback, as a person's play does. A browser may refuse (no autoplay with sound before the
 * person interacted with the page): the media then stays paused, with its play control showing,
 * and nothing throws.
 */
export function playMedia(media: Pick<HTMLMediaElement, 'play'>): void {
  void media.play().catch(() => {})
}

/**
 * A player's keyboard, for the element around the media (focusable, with a label): Space (or K)
 * plays and pauses, ← and → move 5 s. Keys pressed on the player's own controls (buttons, links,
 * a speed menu) keep their usual meaning.
 */
export function useMediaKeys(media: RefObject<Media | null>): (event: KeyboardEvent<HTMLElement>) => void {
  return useCallback(
    (event) => {
      const element = media.current
      if (!element || event.altKey || event.ctrlKey || event.metaKey) return
      if (isControl(event.target)) return
      switch (event.key) {
        case ' ':
        case 'k':
        case 'K':
          if (element.paused) playMedia(element)
          else element.pause()
          break
        case 'ArrowLeft':
          element.currentTime = Math.max(0, element.currentTime - MEDIA_SEEK_STEP_SEC)
          break
        case 'ArrowRight': {
          const end = Number.isFinite(element.duration) ? element.duration : Number.POSITIVE_INFINITY
          element.currentTime = Math.min(end, element.currentTime + MEDIA_SEEK_STEP_SEC)
          break
        }
        default:
          return
      }
      event.preventDefault()
    },
    [media],
  )
}

function isControl(target: EventTarget): boolean {
  const tag = (target as { tagName?: unknown }).tagName
  return typeof tag === 'string' && ['BUTTON', 'A', 'SELECT', 'INPUT', 'TEXTAREA'].includes(tag)
}
