/**
 * @coursekit/core: the headless client of the coursekit platform. Importing it touches no browser
 * global; platforms are created by calling their factory.
 */

export {
  type AnalyticsOperation,
  type ConversionOutcome,
  createVisitAnalytics,
  type VisitAnalytics,
  type VisitAnalyticsEvents,
  type VisitAnalyticsOptions,
  type VisitAnalyticsState,
  type VisitAnalyticsStatus,
} from './analytics-service.ts'
export type { ApiAuthPort } from './api-auth-port.ts'
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
export type { RecoveryOutcome } from './api-unauthorized-recovery.ts'
export { type AppRoute, createAppRoute } from './app-route.ts'
export type { SignUpInput } from './auth-account.ts'
export type {
  AccountConflictResult,
  AuthActionResult,
  AuthFailure,
  OAuthCallbackResult,
  OAuthStartResult,
  SignedIn,
  SignInResult,
  SignUpResult,
  VerificationRequired,
} from './auth-command-results.ts'
export type { AuthEvents, SignOutReason } from './auth-events.ts'
export type { AuthForServices, AuthForServicesState, AuthStatus, AuthUserRef } from './auth-for-services.ts'
export type { LastLoginInfo, UserRoleInfo } from './auth-persistence.ts'
export { type AuthService, type AuthServiceDeps, createAuthService } from './auth-service.ts'
export {
  type AccountLinkStatus,
  type AuthState,
  type AuthUser,
  initialAuthState,
  type LoginMethod,
} from './auth-store-state.ts'
export { waitForAuthInitialized } from './auth-wait.ts'
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
export type { DeviceLimitDialog, DeviceLimitDialogState } from './device-limit-dialog.ts'
export {
  createDeviceListObserver,
  type DeviceListObserver,
  type DeviceListSnapshot,
} from './device-list-observer.ts'
export {
  type DeviceCommandFailure,
  type DeviceCommandResult,
  type DeviceListResult,
  type DeviceSessionEvents,
  type DeviceSessionState,
  type DeviceSessionStatus,
  deviceErrorCodes,
  type RegistrationResult,
  type WatchResult,
} from './device-public-types.ts'
export {
  createDeviceSessionService,
  type DeviceSessionService,
  type DeviceSessionServiceDeps,
} from './device-service.ts'
export {
  createVideoWatchObserver,
  noDeviceSession,
  type VideoWatchObserver,
  type VideoWatchOptions,
  type VideoWatchSnapshot,
  type VideoWatchStatus,
} from './device-watch-observer.ts'
export {
  type ClientEvents,
  createEmitter,
  type EventEmitter,
  type Navigation,
  type Notice,
  type NoticeKind,
} from './emitter.ts'
export { decodeJwtClaims } from './jwt-claims.ts'
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
export { type MessageKey, messages, messageTemplates } from './messages.ts'
export { type NodePlatformOptions, nodePlatform } from './node-platform.ts'
export type { OAuthProvider, OAuthStartOptions } from './oauth-sign-in.ts'
export { decodeOAuthState, encodeOAuthState, type OAuthCallbackState } from './oauth-state.ts'
export type {
  BeaconOptions,
  BeaconPort,
  BroadcastPort,
  CookieOptions,
  CookiePort,
  FetchLike,
  KeyValueStorage,
  LifecyclePort,
  LocationPort,
  LocationSnapshot,
  LocksPort,
  NavigateOptions,
  NavigatorPort,
  Platform,
  PushPort,
  TokenStore,
} from './ports.ts'
export { profileCompletionPath } from './profile-redirect.ts'
export {
  DEFAULT_ROLE,
  effectiveRole,
  hasRequiredProfileFields,
  profileCompletion,
  roleMatches,
  type UserProfile,
} from './profile-rules.ts'
export { afterSignInTarget, safeRedirectPath } from './redirect-target.ts'
export type { QueryValue } from './request-target.ts'
export type { DownloadedFile } from './response-readers.ts'
export { isAdminPath, routes, suppressesAuthRedirect } from './routes.ts'
export { broadcastChannels, cookieNames, sessionStorageKeys, storageKeys } from './storage-keys.ts'
export { createStore, type ReadableStore, type Store, type StoreListener } from './store.ts'
export { DAY, HOUR, MINUTE, SECOND } from './time-units.ts'
export { tokenStoreApiAuth } from './token-store-api-auth.ts'
export { classifyUserAgent, type UserAgentDescription, type UserAgentHints } from './user-agent-classifier.ts'
export { createWebTokenStore } from './web-token-store.ts'
