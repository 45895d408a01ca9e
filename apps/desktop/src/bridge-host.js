// The native end of the page bridge (src/page-bridge.js): the script that defines Tauri's globals,
// injected at document start in the main frame, and the `coursekit` script message handler that
// answers each invoke.
//
// What must stay true:
// - The bridge script runs before any page script on every navigation of the main frame.
// - Every message gets exactly one reply: JSON text of the command's result, or an error message
//   (which rejects the page's promise). A malformed message is answered with an error, never dropped.
import GLib from 'gi://GLib'
import JavaScriptCore from 'gi://JavaScriptCore?version=4.1'
import WebKit2 from 'gi://WebKit2?version=4.1'

export const HANDLER_NAME = 'coursekit'

function readBridgeScript() {
  const uri = GLib.Uri.resolve_relative(import.meta.url, 'page-bridge.js', GLib.UriFlags.NONE)
  const [, bytes] = GLib.file_get_contents(GLib.filename_from_uri(uri)[0])
  return new TextDecoder().decode(bytes)
}

/**
 * Adds the bridge to `manager` and answers its messages with `commands(cmd, args)`.
 * @param {WebKit2.UserContentManager} manager
 * @param {(command: string, args: object) => Promise<unknown>} commands
 */
export function installBridge(manager, commands) {
  manager.add_script(
    new WebKit2.UserScript(
      readBridgeScript(),
      WebKit2.UserContentInjectedFrames.TOP_FRAME,
      WebKit2.UserScriptInjectionTime.START,
      null,
      null,
    ),
  )
  if (!manager.register_script_message_handler_with_reply(HANDLER_NAME, null)) {
    throw new Error(`cannot register the ${HANDLER_NAME} script message handler`)
  }
  manager.connect(`script-message-with-reply-received::${HANDLER_NAME}`, (_manager, value, reply) => {
    answer(value, reply, commands)
    return true
  })
}

function answer(value, reply, commands) {
  let request
  try {
    request = JSON.parse(value.to_string())
  } catch {
    reply.return_error_message('the bridge message is not JSON')
    return
  }
  if (request === null || typeof request !== 'object' || typeof request.cmd !== 'string') {
    reply.return_error_message('the bridge message has no command')
    return
  }
  const context = value.get_context()
  commands(request.cmd, request.args ?? {}).then(
    (result) => reply.return_value(JavaScriptCore.Value.new_string(context, JSON.stringify(result ?? null))),
    (error) => reply.return_error_message(String(error?.message ?? error)),
  )
}
