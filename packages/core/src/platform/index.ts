/**
 * The adapters of the ports: browser, desktop, node and memory.
 */

export {
  type BrowserDocumentLike,
  type BrowserPlatformOptions,
  type BrowserWindowLike,
  browserPlatform,
} from './browser-platform.ts'
export { type DesktopPlatformOptions, desktopPlatform, nativeTokenStore } from './desktop-platform.ts'
export { createProxyFetch, type Invoke, ProxyReply, type ProxyRequest } from './desktop-proxy.ts'
export { createMemoryBroadcast, type MemoryBroadcast } from './memory-broadcast.ts'
export { createMemoryLocks, type MemoryLocks } from './memory-locks.ts'
export {
  type MemoryPlatform,
  type MemoryPlatformOptions,
  memoryPlatform,
  type RecordedBeacon,
  type RecordedNavigation,
  type StoredCookie,
} from './memory-platform.ts'
export { createMemoryStorage, type MemoryStorage } from './memory-storage.ts'
export { type NodePlatformOptions, nodePlatform } from './node-platform.ts'
export { createWebTokenStore } from './web-token-store.ts'
