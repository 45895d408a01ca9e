/**
 * @coursekit/core: the headless client of the coursekit platform. Importing it touches no browser
 * global; platforms are created by calling their factory.
 */
export {
  type ApiClient,
  type CallInput,
  type CallOptions,
  createApiClient,
  type DownloadOptions,
  type RequestOptions,
} from './api-client.ts'
export { type ClientErrorCode, clientErrorCodes, errorCode, errorText } from './api-error.ts'
export type { ApiFailure, ApiResponse, ApiSuccess } from './api-response.ts'
export type { AuthSource } from './auth-source.ts'
export { waitForAuthInitialized } from './auth-wait.ts'
export { type BroadcastHub, createBroadcastHub } from './broadcast-hub.ts'
export {
  type BrowserDocumentLike,
  type BrowserPlatformOptions,
  type BrowserWindowLike,
  browserPlatform,
} from './browser-platform.ts'
export { type CourseClient, type CourseClientConfig, type CourseClientOptions, createCourseClient } from './client.ts'
export { type Clock, sleep, systemClock } from './clock.ts'
export * from './constants.ts'
export { downloadFilename, filenameFromContentDisposition } from './content-disposition.ts'
export { type DesktopPlatformOptions, desktopPlatform, nativeTokenStore } from './desktop-platform.ts'
export { createProxyFetch, type Invoke, ProxyReply, type ProxyRequest } from './desktop-proxy.ts'
export {
  type ClientEvents,
  createEmitter,
  type EventEmitter,
  type Navigation,
  type Notice,
  type NoticeKind,
} from './emitter.ts'
export { decodeJwtClaims } from './jwt-claims.ts'
export {
  type MemoryPlatform,
  type MemoryPlatformOptions,
  memoryPlatform,
  type RecordedBeacon,
  type RecordedNavigation,
  type StoredCookie,
} from './memory-platform.ts'
export { createMemoryStorage, type MemoryStorage } from './memory-storage.ts'
export { type MessageKey, messages, messageTemplates } from './messages.ts'
export { type NodePlatformOptions, nodePlatform } from './node-platform.ts'
export type {
  BeaconPort,
  BroadcastPort,
  CookieOptions,
  CookiePort,
  FetchLike,
  KeyValueStorage,
  LifecyclePort,
  LocationPort,
  LocationSnapshot,
  NavigateOptions,
  NavigatorPort,
  Platform,
  PushPort,
  TokenStore,
} from './ports.ts'
export type { QueryValue } from './request-target.ts'
export type { DownloadedFile } from './response-readers.ts'
export { routes, suppressesAuthRedirect } from './routes.ts'
export type { RecoveryOutcome } from './session-recovery.ts'
export { cookieNames, sessionStorageKeys, storageKeys } from './storage-keys.ts'
export { createStore, type ReadableStore, type Store, type StoreListener } from './store.ts'
export { tokenStoreAuthSource } from './token-store-auth-source.ts'
export { createWebTokenStore } from './web-token-store.ts'
