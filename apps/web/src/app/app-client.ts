import type { CourseClient } from '@coursekit/core'
import { createAppClient } from './client.ts'

/**
 * The client for this page: in the desktop wrapper on the wrapper's platform, loaded then; in a
 * browser at once, on the browser's. One build serves both.
 */
export function appClient(): CourseClient | Promise<CourseClient> {
  if (!inDesktopWrapper()) return createAppClient()
  return import('./wrapper-platform.ts').then(({ wrapperPlatform }) => createAppClient(wrapperPlatform()))
}

/**
 * Tauri's own `isTauri()` test (`@tauri-apps/api/core`: the wrapper sets `globalThis.isTauri`),
 * written here because importing it brings that module's classes into every visitor's first load;
 * the wrapper's chunk imports `invoke` from it.
 */
function inDesktopWrapper(): boolean {
  return Boolean((globalThis as { isTauri?: unknown }).isTauri)
}
