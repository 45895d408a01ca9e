/** How far a player's ← and → move playback. */
export const MEDIA_SEEK_STEP_SEC = 5

/**
 * Starts playback, as a person's play does. A browser may refuse (no autoplay with sound before the
 * person interacted with the page): the media then stays paused, with its play control showing,
 * and nothing throws.
 */
export function playMedia(media: Pick<HTMLMediaElement, 'play'>): void {
  void media.play().catch(() => {})
}

/** Plays paused media and pauses playing media, as a player's play button, Space, or a tap on the picture. */
export function togglePlayback(media: Pick<HTMLMediaElement, 'paused' | 'play' | 'pause'>): void {
  if (media.paused) playMedia(media)
  else media.pause()
}
