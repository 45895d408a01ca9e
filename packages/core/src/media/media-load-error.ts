/**
 * Why a media file could not be made playable:
 * - `unsupported`: the element can play none of the offered types;
 * - `status`: the media host answered an error status (`status` says which);
 * - `malformed`: a ranged answer that does not fit the range asked (no or a wrong Content-Range, a
 *   body of another length);
 * - `network`: the transport failed (the wrapper's proxy rejected).
 */
export type MediaLoadFailure = 'unsupported' | 'status' | 'malformed' | 'network'

export class MediaLoadError extends Error {
  override readonly name = 'MediaLoadError'
  readonly failure: MediaLoadFailure
  /** The media host's status, for `status`; else null. */
  readonly status: number | null
  constructor(failure: MediaLoadFailure, message: string, status: number | null = null, options?: ErrorOptions) {
    super(message, options)
    this.failure = failure
    this.status = status
  }
}
