/**
 * The file name of a Content-Disposition header (RFC 6266), or null when it names none.
 * `filename*` (RFC 5987/8187, e.g. `filename*=UTF-8''%EA%B0%95%EC%9D%98.pdf`) wins over `filename`.
 * Only the last path segment is kept, so a hostile name cannot point outside a download folder.
 */
export function filenameFromContentDisposition(header: string | null | undefined): string | null {
  if (!header) return null
  const params = parameters(header)
  const extended = params.get('filename*')
  const name = (extended === undefined ? null : decodeExtendedValue(extended)) ?? plainFilename(params.get('filename'))
  return name === null ? null : safeBasename(name)
}

/** The name to save a download under: the header's, else the URL's last segment, else `fallback`. */
export function downloadFilename(header: string | null | undefined, url: string, fallback = 'download'): string {
  const fromHeader = filenameFromContentDisposition(header)
  if (fromHeader) return fromHeader
  try {
    // A URL ending in a slash names a folder, not a file.
    const segment = new URL(url).pathname.split('/').pop() ?? ''
    const decoded = segment === '' ? null : safeBasename(percentDecode(segment) ?? segment)
    if (decoded) return decoded
  } catch {
    // Not a URL: use the fallback.
  }
  return fallback
}

/** `attachment; a=1; b="x;y"` -> { a: '1', b: 'x;y' } (names lower-cased, quotes and escapes removed). */
function parameters(header: string): Map<string, string> {
  const params = new Map<string, string>()
  let i = header.indexOf(';')
  if (i === -1) return params
  while (i < header.length) {
    i++ // past ';'
    const eq = header.indexOf('=', i)
    if (eq === -1) break
    const name = header.slice(i, eq).trim().toLowerCase()
    let j = eq + 1
    while (header[j] === ' ' || header[j] === '\t') j++
    let value = ''
    if (header[j] === '"') {
      j++
      while (j < header.length && header[j] !== '"') {
        if (header[j] === '\\' && j + 1 < header.length) j++
        value += header[j]
        j++
      }
      const end = header.indexOf(';', j)
      i = end === -1 ? header.length : end
    } else {
      const end = header.indexOf(';', j)
      value = header.slice(j, end === -1 ? header.length : end).trim()
      i = end === -1 ? header.length : end
    }
    if (name !== '' && !params.has(name)) params.set(name, value)
  }
  return params
}

/** A `%` that does not start an escape of two hex digits. */
const BROKEN_ESCAPE = /%(?![0-9a-f]{2})/i

/**
 * `charset'language'percent-encoded`; UTF-8 and ISO-8859-1 as the RFC requires. Null for another
 * charset or an invalid value (a broken escape), so that `filename` is used instead (RFC 8187).
 */
function decodeExtendedValue(value: string): string | null {
  const match = /^([\w!#$%&+^`{}~-]*)'[\w-]*'(.*)$/.exec(value)
  if (!match) return null
  const charset = (match[1] ?? '').toLowerCase()
  const encoded = match[2] ?? ''
  if (charset === 'utf-8' || charset === 'utf8' || charset === '') return percentDecode(encoded)
  if (charset === 'iso-8859-1' || charset === 'latin1') {
    // decodeURIComponent refuses a broken escape for UTF-8; Latin-1 has to check by itself.
    if (BROKEN_ESCAPE.test(encoded)) return null
    return encoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
  }
  return null
}

/**
 * A plain `filename`. Servers often put UTF-8 there anyway, either percent-encoded or as raw bytes
 * (which arrive as Latin-1 characters, because HTTP header values are bytes); both are repaired.
 */
function plainFilename(value: string | undefined): string | null {
  if (value === undefined || value === '') return null
  if (/%[0-9a-f]{2}/i.test(value)) {
    const decoded = percentDecode(value)
    if (decoded !== null) return decoded
  }
  if (/[\u0080-\u00ff]/.test(value) && [...value].every((char) => char.charCodeAt(0) <= 0xff)) {
    const bytes = Uint8Array.from(value, (char) => char.charCodeAt(0))
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    } catch {
      return value
    }
  }
  return value
}

function percentDecode(value: string): string | null {
  try {
    return decodeURIComponent(value)
  } catch {
    return null
  }
}

function safeBasename(name: string): string | null {
  const base = name
    .split(/[/\\]/)
    .pop()
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
    ?.replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
  return base && base !== '.' && base !== '..' ? base : null
}
