import type { ApiClient } from '../api/api-client-types.ts'
import type { ApiUrls } from '../api/api-urls.ts'
import type { AppRoute } from '../kernel/app-route.ts'
import type { AuthForServices } from '../kernel/auth-for-services.ts'
import type { Clock } from '../kernel/clock.ts'
import type { ClientEvents, EventEmitter } from '../kernel/emitter.ts'
import type { Platform } from '../kernel/ports.ts'
import type { Store } from '../kernel/store.ts'
import type { Queries } from '../queries/queries.ts'
import { DeviceEviction } from './device-eviction.ts'
import { handleForgottenDevice } from './device-forgotten.ts'
import { ServerHints } from './device-hint-receiver.ts'
import { Heartbeat } from './device-lease-heartbeat.ts'
import { createLimitDialogCommands } from './device-limit-dialog-commands.ts'
import { createDeviceListCache } from './device-list-cache.ts'
import { createDeviceManagement } from './device-management.ts'
import { deviceNotices } from './device-notices.ts'
import { createDevicePageLifecycle } from './device-page-lifecycle.ts'
import type { DeviceCommands, DeviceSessionEvents, DeviceSessionState } from './device-public-types.ts'
import { createDeviceRegistration } from './device-registration.ts'
import { DeviceSession } from './device-session.ts'
import { createSessionTransitions } from './device-session-transitions.ts'
import { createDeviceWatch } from './device-watch.ts'
import { WatchPresence } from './device-watch-presence.ts'
import { tabMessageHandler } from './tabs/device-tab-messages.ts'
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
  /** The client's content reads, where the device list is cached. */
  queries: Queries
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
  const devices = createDeviceListCache({ queries: deps.queries })
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
  const transitions = createSessionTransitions({
    storage: platform.storage,
    route,
    store,
    generateId,
    session,
    tabs,
    devices,
    registration,
    watch,
    page,
    isStarted: () => phase === 'started',
  })
  const onTabMessage = tabMessageHandler({ store, session, heartbeat, presence, hints, eviction, watch })

  return {
    limitDialog,
    start() {
      if (phase !== 'idle') return
      phase = 'started'
      tabs.open(onTabMessage)
      cleanups.push(
        auth.store.subscribe((state) => transitions.followAuth(state)),
        auth.onBeforeSignOut(transitions.beforeSignOut),
        platform.lifecycle.onPageHide(page.onPageHide),
        platform.lifecycle.onVisibilityChange(page.onVisibilityChange),
        route.subscribe(transitions.followRoute),
      )
      transitions.followAuth(auth.store.getState())
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
