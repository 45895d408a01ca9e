import { desktopPlatform, type Platform } from '@coursekit/core'
import { invoke } from '@tauri-apps/api/core'

/**
 * The desktop wrapper's platform (decisions.md, "The desktop wrapper"): every request through the
 * native `proxy` command, the token and the auth session in the native store, over Tauri's
 * `invoke` (which calls `window.__TAURI_INTERNALS__.invoke`). Loaded only in the wrapper: a browser
 * never downloads it.
 */
export function wrapperPlatform(): Platform {
  return desktopPlatform({ invoke })
}
