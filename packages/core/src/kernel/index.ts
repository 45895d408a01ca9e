/**
 * What every service stands on, as the public surface shows it: the store, the events, the clock
 * and the ports, the messages, the routes, the storage keys and the time units.
 */

export type { AppRoute } from './app-route.ts'
export type { AuthForServices, AuthForServicesState, AuthStatus, AuthUserRef } from './auth-for-services.ts'
export { type Clock, systemClock } from './clock.ts'
export type { ClientEvents, EventEmitter, Navigation, Notice, NoticeKind, Settled } from './emitter.ts'
export { decisionMessages, decisionTemplates, evictionMessage, type MessageKey, messages } from './messages.ts'
export { noticeTopics } from './notice-topics.ts'
export type {
  AuthSessionStorage,
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
  MediaPort,
  NavigateOptions,
  NavigatorPort,
  Platform,
  PushPort,
  TokenStore,
} from './ports.ts'
export { routes } from './routes.ts'
export { storageKeys } from './storage-keys.ts'
export { createStore, type ReadableStore, type Store, type StoreListener } from './store.ts'
