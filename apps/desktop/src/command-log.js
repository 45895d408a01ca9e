// A record of the commands the page invoked, one JSON line each, for tests and troubleshooting:
// opened with `--command-log FILE` or COURSEKIT_DESKTOP_COMMAND_LOG. Entries hold command names,
// keys, methods and URLs without their query (commands.js), never a token, header or body.
import Gio from 'gi://Gio'

/** @returns {(entry: object) => void} */
export function openCommandLog(path) {
  const stream = Gio.File.new_for_path(path).append_to(Gio.FileCreateFlags.PRIVATE, null)
  return (entry) => {
    stream.write_all(new TextEncoder().encode(`${JSON.stringify({ at: Date.now(), ...entry })}\n`), null)
    stream.flush(null)
  }
}
