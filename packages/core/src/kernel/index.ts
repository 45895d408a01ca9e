/**
 * What every service stands on: the store, the emitter, the clock, the ports, the constants, the
 * messages, the routes and the storage keys.
 */

export { type AppRoute, createAppRoute } from './app-route.ts'
export type { AuthForServices, AuthForServicesState, AuthStatus, AuthUserRef } from './auth-for-services.ts'
export { type Clock, sleep, systemClock } from './clock.ts'
export * from './constants.ts'
export {
  type ClientEvents,
  createEmitter,
  type EventEmitter,
  type Navigation,
  type Notice,
  type NoticeKind,
} from './emitter.ts'
export { decodeJwtClaims } from './jwt-claims.ts'
export { type MessageKey, messages, messageTemplates } from './messages.ts'
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
export { isAdminPath, routes, suppressesAuthRedirect } from './routes.ts'
export { broadcastChannels, cookieNames, sessionStorageKeys, storageKeys } from './storage-keys.ts'
export { createStore, type ReadableStore, type Store, type StoreListener } from './store.ts'
export { DAY, HOUR, MINUTE, SECOND } from './time-units.ts'
