// The native token store: named values (the auth token, the Supabase session) in one JSON file under
// the user's config folder, `<config>/coursekit/desktop-store.json`.
//
// What must stay true:
// - The folder is 0700 and the file 0600 (owner only), whatever the umask, and the file is replaced
//   atomically (written beside it, then renamed), so a crash never leaves half a token.
// - When the last value is cleared the file is removed: after sign-out nothing is left on disk.
// - A value is never printed or logged; errors name the key and the file, never the value.
// - An unreadable file is moved aside (`.unreadable`), not silently overwritten.
import Gio from 'gi://Gio'
import GLib from 'gi://GLib'

const FOLDER_MODE = 0o700
const FILE_MODE = 0o600
const MAX_KEY_LENGTH = 200

/** The store's file: `<GLib.get_user_config_dir()>/coursekit/desktop-store.json`. */
export function defaultStorePath() {
  return GLib.build_filenamev([GLib.get_user_config_dir(), 'coursekit', 'desktop-store.json'])
}

export class TokenFile {
  /** @param {string} path the JSON file; its folder is created 0700 on first write. */
  constructor(path = defaultStorePath()) {
    this.path = path
  }

  /** The value under `key`, or null when there is none. */
  get(key) {
    checkKey(key)
    const values = this.#read()
    return Object.hasOwn(values, key) ? values[key] : null
  }

  set(key, value) {
    checkKey(key)
    if (typeof value !== 'string') throw new Error(`the value for "${key}" must be a string`)
    const values = this.#read()
    values[key] = value
    this.#write(values)
  }

  /** Removes `key`; removes the file when nothing is left. */
  clear(key) {
    checkKey(key)
    const values = this.#read()
    if (!Object.hasOwn(values, key)) return
    delete values[key]
    if (Object.keys(values).length === 0) removeFile(this.path)
    else this.#write(values)
  }

  #read() {
    let text
    try {
      const [, bytes] = GLib.file_get_contents(this.path)
      text = new TextDecoder().decode(bytes)
    } catch (error) {
      if (error.matches?.(GLib.FileError, GLib.FileError.NOENT)) return {}
      throw new Error(`cannot read the token store ${this.path}: ${error.message}`)
    }
    const values = parseValues(text)
    if (values) return values
    // Keep what was there for a person to look at; start afresh rather than refusing every sign-in.
    Gio.File.new_for_path(this.path).move(
      Gio.File.new_for_path(`${this.path}.unreadable`),
      Gio.FileCopyFlags.OVERWRITE,
      null,
      null,
    )
    return {}
  }

  #write(values) {
    const folder = GLib.path_get_dirname(this.path)
    if (GLib.mkdir_with_parents(folder, FOLDER_MODE) !== 0) throw new Error(`cannot create the folder ${folder}`)
    setMode(folder, FOLDER_MODE)
    const bytes = new TextEncoder().encode(JSON.stringify(values))
    // CONSISTENT: a temporary file in the same folder, created with FILE_MODE, fsynced, then renamed.
    GLib.file_set_contents_full(this.path, bytes, GLib.FileSetContentsFlags.CONSISTENT, FILE_MODE)
  }
}

function checkKey(key) {
  if (typeof key !== 'string' || key === '' || key.length > MAX_KEY_LENGTH) {
    throw new Error(`the key must be a non-empty string of at most ${MAX_KEY_LENGTH} characters`)
  }
}

function parseValues(text) {
  try {
    const parsed = JSON.parse(text)
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return null
    if (!Object.values(parsed).every((value) => typeof value === 'string')) return null
    return parsed
  } catch {
    return null
  }
}

function setMode(path, mode) {
  Gio.File.new_for_path(path).set_attribute_uint32('unix::mode', mode, Gio.FileQueryInfoFlags.NOFOLLOW_SYMLINKS, null)
}

function removeFile(path) {
  try {
    Gio.File.new_for_path(path).delete(null)
  } catch (error) {
    if (!error.matches?.(Gio.IOErrorEnum, Gio.IOErrorEnum.NOT_FOUND)) throw error
  }
}
