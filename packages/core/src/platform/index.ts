/**
 * The adapters of the ports: browser, desktop (with the types of its native command contract), node
 * and memory. The in-memory locks, broadcast and storage that tests share between platforms are in
 * `@coursekit/core/testing`.
 */

export {
  type BrowserDocumentLike,
  type BrowserPlatformOptions,
  type BrowserWindowLike,
  browserPlatform,
} from './browser-platform.ts'
export { type DesktopPlatformOptions, desktopPlatform } from './desktop-platform.ts'
export {
  DESKTOP_AUTH_SESSION_KEY,
  type Invoke,
  type ProxyReply,
  type ProxyRequest,
} from './desktop-proxy.ts'
export {
  DESKTOP_APP_NAME,
  DESKTOP_USER_AGENT_PATTERN,
  DESKTOP_USER_AGENT_TOKEN,
  desktopUserAgent,
} from './desktop-user-agent.ts'
export {
  type MemoryPlatform,
  type MemoryPlatformOptions,
  memoryPlatform,
  type RecordedBeacon,
  type RecordedNavigation,
  type StoredCookie,
} from './memory-platform.ts'
export { type NodePlatformOptions, nodePlatform } from './node-platform.ts'
