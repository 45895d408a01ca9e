// The wrapper's user agent: WebKitGTK's own followed by `CoursekitDesktop/<version>`, so the server's
// device list names this device as the desktop app. The webview and the proxy send the same string.
import GLib from 'gi://GLib'

export const APPLICATION_NAME = 'CoursekitDesktop'

/** The version in this package's package.json. */
export function wrapperVersion() {
  const uri = GLib.Uri.resolve_relative(import.meta.url, '../package.json', GLib.UriFlags.NONE)
  const [path] = GLib.filename_from_uri(uri)
  const [, bytes] = GLib.file_get_contents(path)
  return JSON.parse(new TextDecoder().decode(bytes)).version
}

/** Sets the settings' user agent and returns it. */
export function applyUserAgent(settings, version = wrapperVersion()) {
  settings.set_user_agent_with_application_details(APPLICATION_NAME, version)
  return settings.get_user_agent()
}
