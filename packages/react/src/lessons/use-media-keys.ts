import { MEDIA_SEEK_STEP_SEC, togglePlayback } from '@coursekit/core'
import { type KeyboardEvent, type RefObject, useMemo } from 'react'

type Media = Pick<HTMLMediaElement, 'paused' | 'currentTime' | 'duration' | 'play' | 'pause'>

/** Handlers for the focusable media element (or an element around it). */
export interface MediaKeyHandlers {
  onKeyDownCapture(event: KeyboardEvent<HTMLElement>): void
  onKeyUpCapture(event: KeyboardEvent<HTMLElement>): void
}

const HANDLED_KEYS = new Set([' ', 'k', 'K', 'ArrowLeft', 'ArrowRight'])

/**
 * A player's keyboard, for the focusable media element: Space (or K) plays and pauses, ← and →
 * move 5 s. A browser's own media controls act on some of these keys too, from listeners on the
 * media element itself (Chromium pauses on Space's keyup), so the handled keys are taken in the
 * capture phase and go no further, down or up: one key, one action. Keys pressed on other controls
 * (buttons, links, a speed menu) keep their usual meaning.
 */
export function useMediaKeys(media: RefObject<Media | null>): MediaKeyHandlers {
  return useMemo(() => {
    const ours = (event: KeyboardEvent<HTMLElement>): Media | null => {
      const element = media.current
      if (!element || event.altKey || event.ctrlKey || event.metaKey) return null
      if (!HANDLED_KEYS.has(event.key) || isControl(event.target)) return null
      return element
    }
    return {
      onKeyDownCapture(event) {
        const element = ours(event)
        if (!element) return
        event.preventDefault()
        event.stopPropagation()
        if (event.key === 'ArrowLeft') {
          element.currentTime = Math.max(0, element.currentTime - MEDIA_SEEK_STEP_SEC)
        } else if (event.key === 'ArrowRight') {
          const end = Number.isFinite(element.duration) ? element.duration : Number.POSITIVE_INFINITY
          element.currentTime = Math.min(end, element.currentTime + MEDIA_SEEK_STEP_SEC)
        } else if (!event.repeat) {
          togglePlayback(element)
        }
      },
      onKeyUpCapture(event) {
        if (!ours(event)) return
        event.preventDefault()
        event.stopPropagation()
      },
    }
  }, [media])
}

function isControl(target: EventTarget): boolean {
  const tag = (target as { tagName?: unknown }).tagName
  return typeof tag === 'string' && ['BUTTON', 'A', 'SELECT', 'INPUT', 'TEXTAREA'].includes(tag)
}
