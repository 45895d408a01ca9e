import type { CourseClient } from '@coursekit/core'
import { isTauri } from '@tauri-apps/api/core'
import { createAppClient } from './client.ts'

/**
 * The client for this page: in the desktop wrapper (Tauri's `isTauri()`: the wrapper sets
 * `globalThis.isTauri`) on the wrapper's platform, loaded then; in a browser at once, on the
 * browser's. One build serves both.
 */
export function appClient(): CourseClient | Promise<CourseClient> {
  if (!isTauri()) return createAppClient()
  return import('./wrapper-platform.ts').then(({ wrapperPlatform }) => createAppClient(wrapperPlatform()))
}
