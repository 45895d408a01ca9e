// Downloads the page starts (an `<a download>` with a blob: URL of a proxied file) go to the user's
// download folder under the name the page suggested.
//
// What must stay true:
// - The suggested name is reduced to a plain file name (no folders, no leading dots), and an existing
//   file is never overwritten: "name (1).ext", "name (2).ext", ... instead.
import GLib from 'gi://GLib'

/** The user's download folder (XDG), else ~/Downloads. */
export function downloadFolder() {
  return (
    GLib.get_user_special_dir(GLib.UserDirectory.DIRECTORY_DOWNLOAD) ??
    GLib.build_filenamev([GLib.get_home_dir(), 'Downloads'])
  )
}

/** A free path in `folder` for the suggested file name. */
export function destinationFor(folder, suggestedName) {
  const name = safeFileName(suggestedName)
  const dot = name.lastIndexOf('.')
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, '']
  for (let copy = 0; ; copy++) {
    const candidate = GLib.build_filenamev([folder, copy === 0 ? name : `${stem} (${copy})${extension}`])
    if (!GLib.file_test(candidate, GLib.FileTest.EXISTS)) return candidate
  }
}

function safeFileName(suggested) {
  const base = String(suggested ?? '')
    .split(/[\\/]/)
    .pop()
    .split('')
    .filter((character) => character.charCodeAt(0) >= 0x20)
    .join('')
    .replace(/^\.+/, '')
    .trim()
  return base === '' ? 'download' : base
}

/** Saves every download of `context` into `folder` (created 0700 if missing). */
export function saveDownloadsTo(context, folder = downloadFolder()) {
  context.connect('download-started', (_context, download) => {
    download.connect('decide-destination', (_download, suggestedName) => {
      GLib.mkdir_with_parents(folder, 0o700)
      download.set_destination(GLib.filename_to_uri(destinationFor(folder, suggestedName), null))
      return true
    })
    download.connect('failed', (_download, error) => printerr(`download failed: ${error.message}`))
  })
}
