import type { ApiClient } from '../api/api-client-types.ts'
import type { ApiUrls } from '../api/api-urls.ts'
import type { AppRoute } from '../kernel/app-route.ts'
import type { AuthForServices, AuthForServicesState } from '../kernel/auth-for-services.ts'
import type { Clock } from '../kernel/clock.ts'
import type { ClientEvents, EventEmitter } from '../kernel/emitter.ts'
import type { Platform } from '../kernel/ports.ts'
import { isAdminPath } from '../kernel/routes.ts'
import type { Store } from '../kernel/store.ts'
import { DeviceEviction } from './device-eviction.ts'
import { handleForgottenDevice } from './device-forgotten.ts'
import { ServerHints } from './device-hint-receiver.ts'
import { deviceSessionIdFor, forgetDeviceSessionId } from './device-id-storage.ts'
import { Heartbeat } from './device-lease-heartbeat.ts'
import { createLimitDialogCommands } from './device-limit-dialog-commands.ts'
import { createDeviceListCacheFor, createDeviceManagement } from './device-management.ts'
import { deviceNotices } from './device-notices.ts'
import { createDevicePageLifecycle } from './device-page-lifecycle.ts'
import type { DeviceCommands, DeviceSessionEvents, DeviceSessionState } from './device-public-types.ts'
import { createDeviceRegistration } from './device-registration.ts'
import { DeviceSession } from './device-session.ts'
import { createDeviceWatch } from './device-watch.ts'
import { WatchPresence } from './device-watch-presence.ts'
import type { DeviceTabMessage } from './tabs/device-tab-channel.ts'
import { DeviceTabs } from './tabs/device-tabs.ts'

export interface DeviceSessionEngineDeps {
  api: ApiClient
  urls: ApiUrls
  platform: Platform
  clock: Clock
  /** The client's events: toasts go out as `notice`. */
  clientEvents: EventEmitter<ClientEvents>
  auth: AuthForServices
  route: AppRoute
  accessToken: () => string | null | Promise<string | null>
  generateId: () => string
  /** The service's state and events, which exist before this part loads. */
  store: Store<DeviceSessionState>
  events: EventEmitter<DeviceSessionEvents>
}

/** What runs the device session once loaded: the service's commands, and its start and stop. */
export interface DeviceSessionEngine extends DeviceCommands {
  /** Follows the auth state, the route, the page and the other tabs from now on. */
  start(): void
  /** Stops timers, listeners and the tab lead; sends nothing (a closing tab is not a logout). */
  dispose(): void
}

/**
 * The device session's parts, each owning its facts, wired together: the session (whose, which
 * generation), the tabs' channel, the watch presence, the server's hints, the eviction, the
 * heartbeat, and the commands over them (registration, watch, management, the limit dialog, the
 * page's comings and goings). This module is loaded when someone signs in or a device command is
 * first made (device-service.ts), so signed-out visitors never download it.
 */
export function createDeviceSessionEngine(deps: DeviceSessionEngineDeps): DeviceSessionEngine {
  const { api, platform, clock, auth, route, store, events, generateId } = deps
  const notices = deviceNotices(deps.clientEvents)
  const session = new DeviceSession(store, notices)
  const tabs = new DeviceTabs(platform.broadcast, generateId())
  // The heartbeat comes last (it sends with the hints and the eviction); the parts before it ask it
  // for a new rhythm through this.
  const reschedule = () => heartbeat.reschedule()
  const presence = new WatchPresence({ store, clock, tabs, session, onRhythmChange: reschedule })
  const hints = new ServerHints({ store, clock, tabs, presence, events, onRhythmChange: reschedule })
  const eviction = new DeviceEviction({ store, session, tabs, events })
  const heartbeat: Heartbeat = new Heartbeat({
    api,
    clock,
    locks: platform.locks,
    store,
    session,
    tabs,
    presence,
    hints,
    eviction,
  })
  const devices = createDeviceListCacheFor(api, clock)
  const registration = createDeviceRegistration({
    api,
    clock,
    route,
    store,
    events,
    notices,
    session,
    heartbeat,
    hints,
    eviction,
    devices,
  })
  const watch = createDeviceWatch({
    api,
    clock,
    store,
    events,
    session,
    heartbeat,
    presence,
    hints,
    eviction,
    registration,
  })
  const management = createDeviceManagement({
    api,
    clock,
    store,
    notices,
    session,
    heartbeat,
    hints,
    eviction,
    devices,
    registration,
  })
  const page = createDevicePageLifecycle({
    api,
    urls: deps.urls,
    platform,
    store,
    accessToken: deps.accessToken,
    session,
    tabs,
    heartbeat,
    presence,
    registration,
    watch,
  })
  const limitDialog = createLimitDialogCommands({ api, store, notices, session, devices, registration })
  handleForgottenDevice({ clock, store, session, eviction, registration, watch })

  let phase: 'idle' | 'started' | 'disposed' = 'idle'
  const cleanups: (() => void)[] = []
  /** The user whose session the sign-out hook already ended, while the auth store still shows them. */
  let signedOutUser: string | null = null
  /** Ends of old sessions and starts of new ones, in order. */
  let transitions: Promise<void> = Promise.resolve()

  /** Ends this tab's session state; returns the session id the server must still be told about. */
  function endSessionHere(): string | null {
    const { sessionId, isInitialized, status } = store.getState()
    const wasLive = isInitialized || status === 'registering'
    watch.cancelUpdates()
    devices.invalidate()
    session.end({ status: 'idle', sessionId: null, lastError: null, lastHeartbeatSent: null })
    return sessionId !== null && wasLive && sessionId !== session.lastEndedSessionId ? sessionId : null
  }

  function beginSession(userId: string): void {
    if (phase !== 'started' || session.userId !== userId) return
    const sessionId = deviceSessionIdFor(platform.storage, userId, generateId)
    store.setState({ sessionId, status: 'idle', lastError: null })
    tabs.post({ type: 'query', sessionId, tabId: tabs.tabId })
    void registration.register()
  }

  /** Login starts the session, logout ends it, a change of user ends one and then starts the other. */
  function followAuth(state: AuthForServicesState): void {
    if (phase !== 'started' || state.status === 'loading') return
    const target = state.status === 'authenticated' ? (state.user?.id ?? null) : null
    if (target !== signedOutUser) signedOutUser = null
    if (target !== null && target === signedOutUser) return
    if (target === session.userId) return
    const previous = session.userId
    session.setUser(target)
    if (previous === null) {
      if (target !== null) beginSession(target)
      return
    }
    const ending = endSessionHere()
    if (target === null) forgetDeviceSessionId(platform.storage, previous)
    transitions = transitions
      .then(() => (ending === null ? undefined : page.sendEnd(ending)))
      .then(() => {
        if (target !== null) beginSession(target)
      })
  }

  /** Runs before sign-out drops the session: the device's session ends while everything still works. */
  async function beforeSignOut(): Promise<void> {
    if (session.userId === null) return
    const userId = session.userId
    signedOutUser = userId
    const ending = endSessionHere()
    // The device's session ends with the sign-out, and so does its id (a shared computer's next
    // person must not carry it on).
    forgetDeviceSessionId(platform.storage, userId)
    if (ending !== null) await page.sendEnd(ending)
  }

  /**
   * The admin area skips tracking (spec section 6) also when the app moves there without a page
   * load: the watch ends and this tab stops tracking (no heartbeats; the lead passes to another tab)
   * without ending the device's session, a navigation being no logout. Leaving registers again.
   */
  function followRoute(pathname: string): void {
    const { status } = store.getState()
    if (!isAdminPath(pathname)) {
      if (status === 'skipped' && session.userId !== null) void registration.register()
      return
    }
    if (status === 'idle' || status === 'skipped' || status === 'evicted') return
    const generation = session.generation
    void watch.stopWatching().then(() => {
      if (phase !== 'started' || generation !== session.generation || !isAdminPath(route.pathname())) return
      watch.cancelUpdates()
      session.end({ status: 'skipped', lastError: null })
    })
  }

  function onTabMessage(message: DeviceTabMessage): void {
    const state = store.getState()
    if (message.sessionId !== state.sessionId) return
    switch (message.type) {
      case 'contact':
        heartbeat.noteOtherTabContact(message.at, message.heartbeat)
        return
      case 'watch':
        presence.noteOtherTab(message.tabId, message.videoId)
        return
      case 'query':
        if (state.isWatchingVideo) presence.post(state.videoId)
        return
      case 'server-state':
        if (state.isInitialized) hints.apply(message.state, message.sentAt, false)
        return
      case 'evicted':
        if (state.isInitialized || state.status === 'registering') {
          eviction.evict(message.reason, message.message, false, message.byThisDevice === true)
        }
        return
      case 'ended':
        // Another tab of this device signed out (or switched user): the server already knows.
        session.noteEnded(message.sessionId)
        if (state.isInitialized || state.status === 'registering') {
          watch.cancelUpdates()
          session.end({ status: 'idle' })
        }
        return
    }
  }

  return {
    limitDialog,
    start() {
      if (phase !== 'idle') return
      phase = 'started'
      tabs.open(onTabMessage)
      cleanups.push(
        auth.store.subscribe((state) => followAuth(state)),
        auth.onBeforeSignOut(beforeSignOut),
        platform.lifecycle.onPageHide(page.onPageHide),
        platform.lifecycle.onVisibilityChange(page.onVisibilityChange),
        route.subscribe(followRoute),
      )
      followAuth(auth.store.getState())
    },
    dispose() {
      if (phase === 'disposed') return
      phase = 'disposed'
      watch.cancelUpdates()
      session.stop()
      tabs.close()
      for (const cleanup of cleanups.splice(0)) cleanup()
    },
    register: () => registration.register(),
    startWatching: (videoId) => watch.startWatching(videoId),
    stopWatching: (videoId) => watch.stopWatching(videoId),
    terminateOthers: (videoId) => management.terminateOthers(videoId),
    update: (updates) => watch.update(updates),
    flushUpdates: () => watch.flushUpdates(),
    listDevices: (options) => management.listDevices(options),
    removeDevice: (id) => management.removeDevice(id),
    forceLogout: (sessionId, options) => management.forceLogout(sessionId, options),
    getServerState: () => management.getServerState(),
  }
}
