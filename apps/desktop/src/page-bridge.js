// The bridge Tauri 2 injects, as the page sees it: `@tauri-apps/api/core`'s `invoke(cmd, args, options)`
// calls `window.__TAURI_INTERNALS__.invoke(...)` and its `isTauri()` reads `globalThis.isTauri`. Runs
// at document start in the main frame, before any page script (a WebKit2.UserScript).
//
// What must stay true:
// - Every invoke is one message to the native `coursekit` script message handler (registered with a
//   reply), as JSON text `{ cmd, args }`; the native side answers JSON text of the result, or an error
//   message, which rejects the invoke with that message (as a Tauri command's `Err(String)` does).
// - The globals cannot be replaced or removed by page code (non-writable, non-configurable).
;(() => {
  const handler = window.webkit?.messageHandlers?.coursekit
  if (!handler) return

  let nextCallbackId = 1

  const internals = Object.freeze({
    invoke(cmd, args = {}, _options) {
      if (typeof cmd !== 'string' || cmd === '') return Promise.reject('invoke: the command must be a non-empty string')
      if (args === null || typeof args !== 'object' || Array.isArray(args) || ArrayBuffer.isView(args)) {
        return Promise.reject(`invoke ${cmd}: the arguments must be an object`)
      }
      let message
      try {
        message = JSON.stringify({ cmd, args })
      } catch (error) {
        return Promise.reject(`invoke ${cmd}: the arguments are not JSON (${error})`)
      }
      return handler.postMessage(message).then(
        (reply) => JSON.parse(reply),
        (error) => Promise.reject(typeof error === 'string' ? error : String(error?.message ?? error)),
      )
    },
    // Channels and plugin listeners register callbacks by id; no native command here calls one back,
    // but `new Channel()` from the npm package must still construct.
    transformCallback(callback, once = false) {
      const id = nextCallbackId++
      const name = `_${id}`
      Object.defineProperty(window, name, {
        configurable: true,
        value: (result) => {
          if (once) Reflect.deleteProperty(window, name)
          return callback?.(result)
        },
      })
      return id
    },
    unregisterCallback(id) {
      Reflect.deleteProperty(window, `_${id}`)
    },
    convertFileSrc(filePath, protocol = 'asset') {
      return `${protocol}://localhost/${encodeURIComponent(filePath)}`
    },
    metadata: Object.freeze({
      currentWindow: Object.freeze({ label: 'main' }),
      currentWebview: Object.freeze({ windowLabel: 'main', label: 'main' }),
    }),
  })

  Object.defineProperty(window, '__TAURI_INTERNALS__', { value: internals, writable: false, configurable: false })
  Object.defineProperty(globalThis, 'isTauri', { value: true, writable: false, configurable: false })
})()
