import type { FetchLike } from '../kernel/ports.ts'
import { MediaLoadError } from './media-load-error.ts'

/** How much one ranged request asks for: the wrapper's proxy carries each answer base64 in one reply. */
export const MEDIA_RANGE_BYTES = 1024 * 1024

export interface RangedFetchOptions {
  signal: AbortSignal
  /** Bytes per request. Default MEDIA_RANGE_BYTES. */
  rangeBytes?: number
}

/**
 * The whole file at `url` through `fetch`, in Range requests of `rangeBytes`, each answered 206
 * with its Content-Range, as a media host serves a player. After the first, each request sends the
 * file's ETag as If-Range: a file replaced meanwhile comes whole (200), and that whole file is taken.
 * A host that ignores Range answers 200 with the whole file, which is taken too.
 */
export async function fetchInRanges(fetch: FetchLike, url: string, options: RangedFetchOptions): Promise<Blob> {
  const rangeBytes = options.rangeBytes ?? MEDIA_RANGE_BYTES
  const parts: Uint8Array<ArrayBuffer>[] = []
  let offset = 0
  let size: number | null = null
  let type = ''
  let etag: string | null = null
  while (size === null || offset < size) {
    const headers: Record<string, string> = { range: `bytes=${offset}-${offset + rangeBytes - 1}` }
    if (etag !== null) headers['if-range'] = etag
    const response = await send(fetch, url, headers, options.signal)
    if (response.status === 200) return await whole(response)
    if (response.status === 416 && offset === 0 && unsatisfiedSize(response) === 0) return new Blob([], { type })
    if (response.status !== 206) {
      throw new MediaLoadError(
        'status',
        `media request failed: ${response.status} ${response.statusText}`,
        response.status,
      )
    }
    const range = contentRange(response.headers.get('content-range'))
    if (!range || range.start !== offset || (size !== null && range.size !== size)) {
      throw new MediaLoadError(
        'malformed',
        `media answer for bytes ${offset}- has Content-Range ${response.headers.get('content-range')}`,
      )
    }
    const bytes = new Uint8Array(await response.arrayBuffer())
    if (bytes.byteLength !== range.end - range.start + 1) {
      throw new MediaLoadError(
        'malformed',
        `media answer for bytes ${range.start}-${range.end} has ${bytes.byteLength} bytes`,
      )
    }
    parts.push(bytes)
    offset = range.end + 1
    size = range.size
    type ||= response.headers.get('content-type') ?? ''
    etag ??= response.headers.get('etag')
  }
  return new Blob(parts, { type })
}

async function send(fetch: FetchLike, url: string, headers: Record<string, string>, signal: AbortSignal) {
  try {
    return await fetch(url, { headers, signal })
  } catch (error) {
    if (signal.aborted) throw error
    throw new MediaLoadError('network', 'media request failed: network error', null, { cause: error })
  }
}

async function whole(response: Response): Promise<Blob> {
  const bytes = await response.arrayBuffer()
  return new Blob([bytes], { type: response.headers.get('content-type') ?? '' })
}

/** `bytes start-end/size` (RFC 9110 §14.4); null for anything else, an unknown size included. */
function contentRange(header: string | null): { start: number; end: number; size: number } | null {
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header?.trim() ?? '')
  if (!match) return null
  const [start, end, size] = [Number(match[1]), Number(match[2]), Number(match[3])]
  return start <= end && end < size ? { start, end, size } : null
}

/** The size a 416 states (`bytes *\/size`), or null. */
function unsatisfiedSize(response: Response): number | null {
  const match = /^bytes \*\/(\d+)$/.exec(response.headers.get('content-range')?.trim() ?? '')
  return match ? Number(match[1]) : null
}
