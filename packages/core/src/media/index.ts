/**
 * Lesson media on every platform: the URL itself in a browser, the file through the transport in the
 * desktop wrapper; and playing it as a person does (a refused autoplay throws nothing).
 */

export { MediaLoadError, type MediaLoadFailure } from './media-load-error.ts'
export { MEDIA_SEEK_STEP_SEC, playMedia, togglePlayback } from './media-playback.ts'
export { fetchInRanges, MEDIA_RANGE_BYTES, type RangedFetchOptions } from './media-ranges.ts'
export {
  type LoadPlayableMediaOptions,
  loadPlayableMedia,
  type MediaSourceOption,
  type PlayableMedia,
  playsMediaDirectly,
} from './playable-media.ts'
