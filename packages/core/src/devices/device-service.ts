import type { ApiClient } from '../api/api-client-types.ts'
import type { ApiUrls } from '../api/api-urls.ts'
import type { ServerStateHint, SessionUpdates } from '../contract/session-tracker.ts'
import { type AppRoute, createAppRoute } from '../kernel/app-route.ts'
import type { AuthForServices, AuthForServicesState } from '../kernel/auth-for-services.ts'
import type { Clock } from '../kernel/clock.ts'
import { type ClientEvents, createEmitter, type EventEmitter } from '../kernel/emitter.ts'
import type { Platform } from '../kernel/ports.ts'
import { isAdminPath } from '../kernel/routes.ts'
import { createStore, type ReadableStore } from '../kernel/store.ts'
import type { DeviceContext } from './device-context.ts'
import { handleForgottenDevice } from './device-forgotten.ts'
import { deviceSessionIdFor, forgetDeviceSessionId, randomDeviceId } from './device-id-storage.ts'
import type { DeviceLimitDialog } from './device-limit-dialog.ts'
import { createLimitDialogCommands } from './device-limit-dialog-commands.ts'
import { createDeviceListCacheFor, createDeviceManagement } from './device-management.ts'
import { createDevicePageLifecycle } from './device-page-lifecycle.ts'
import {
  type DeviceCommandResult,
  type DeviceListResult,
  type DeviceSessionEvents,
  type DeviceSessionState,
  initialDeviceSessionState,
  type RegistrationResult,
  type WatchResult,
} from './device-public-types.ts'
import { createDeviceRegistration } from './device-registration.ts'
import { createDeviceContext } from './device-shared-state.ts'
import { createDeviceWatch } from './device-watch.ts'
import type { DeviceTabMessage } from './tabs/device-tab-channel.ts'

export interface DeviceSessionServiceDeps {
  api: ApiClient
  platform: Platform
  clock: Clock
  /** The client's events: toasts go out as `notice`. */
  events: EventEmitter<ClientEvents>
  auth: AuthForServices
  /** The API's URLs: beacons bypass the API client and need absolute URLs. */
  urls: ApiUrls
  /**
   * The current access token, for the end-watch sent while the page goes away (a beacon cannot wait
   * for the API client). Default: the platform's token store.
   */
  accessToken?: () => string | null | Promise<string | null>
  /** The random part of new session ids and tab ids. Default: 128 random bits in hex. */
  generateId?: () => string
  /** Where the app is, to skip tracking in the admin area. Default: one over the platform's location. */
  route?: AppRoute
}

/** `client.devices`: the device session of spec sections 2, 3, 4, 7, 8 and 9. */
export interface DeviceSessionService {
  readonly store: ReadableStore<DeviceSessionState>
  readonly events: EventEmitter<DeviceSessionEvents>
  /** The device-limit dialog's commands; its state is `store.getState().limitDialog`. */
  readonly limitDialog: DeviceLimitDialog
  /** Follows the auth state from now on: a user appears -> register; leaves -> end; changes -> both. Idempotent. */
  start(): void
  /** Stops timers, listeners and the tab lead; sends nothing (a closing tab is not a logout). */
  dispose(): void
  /** Registers this device now (a retry after a failure); a registered device is not registered again. */
  register(): Promise<RegistrationResult>
  startWatching(videoId: string): Promise<WatchResult>
  /** Ends the watch; with `videoId`, only when that video is the one watched (another player's watch stays). */
  stopWatching(videoId?: string): Promise<DeviceCommandResult>
  /** Ends the watches of the user's other devices (after a video conflict). */
  terminateOthers(videoId: string): Promise<DeviceCommandResult>
  /** Queues changes for POST batch-update (sent 5 s after the first of them). */
  update(updates: SessionUpdates): void
  /** Sends queued changes now. */
  flushUpdates(): Promise<void>
  listDevices(options?: { force?: boolean }): Promise<DeviceListResult>
  removeDevice(id: string): Promise<DeviceCommandResult>
  forceLogout(sessionId: string, options?: { newSessionId?: string }): Promise<DeviceCommandResult>
  /** The server's view of this device: the hint while under 30 s old, else asked with a heartbeat. */
  getServerState(): Promise<ServerStateHint | null>
  /** Whether a video plays in this tab: while it does, a 401 neither redirects nor logs out (spec section 4). */
  isWatching(): boolean
}

export function createDeviceSessionService(deps: DeviceSessionServiceDeps): DeviceSessionService {
  const { platform, auth } = deps
  const generateId = deps.generateId ?? randomDeviceId
  const store = createStore<DeviceSessionState>(initialDeviceSessionState(platform.userAgent()))
  const events = createEmitter<DeviceSessionEvents>()
  const route = deps.route ?? createAppRoute(platform.location)
  const ctx: DeviceContext = createDeviceContext({
    api: deps.api,
    platform,
    route,
    clock: deps.clock,
    clientEvents: deps.events,
    events,
    store,
    urls: deps.urls,
    accessToken: deps.accessToken ?? (() => platform.tokenStore.get()),
    tabId: generateId(),
  })
  const devices = createDeviceListCacheFor(ctx)
  const registration = createDeviceRegistration(ctx, devices)
  const watch = createDeviceWatch(ctx, registration)
  const management = createDeviceManagement(ctx, devices, registration)
  const page = createDevicePageLifecycle(ctx, registration, watch)
  const limitDialog = createLimitDialogCommands(ctx, registration, devices)
  handleForgottenDevice(ctx, registration, watch)

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
    ctx.endLocally({ status: 'idle', sessionId: null, lastError: null, lastHeartbeatSent: null })
    return sessionId !== null && wasLive && sessionId !== ctx.lastEndedSessionId ? sessionId : null
  }

  function beginSession(userId: string): void {
    if (phase !== 'started' || ctx.userId !== userId) return
    const sessionId = deviceSessionIdFor(platform.storage, userId, generateId)
    store.setState({ sessionId, status: 'idle', lastError: null })
    ctx.post({ type: 'query', sessionId, tabId: ctx.tabId })
    void registration.register()
  }

  /** Login starts the session, logout ends it, a change of user ends one and then starts the other. */
  function followAuth(state: AuthForServicesState): void {
    if (phase !== 'started' || state.status === 'loading') return
    const target = state.status === 'authenticated' ? (state.user?.id ?? null) : null
    if (target !== signedOutUser) signedOutUser = null
    if (target !== null && target === signedOutUser) return
    if (target === ctx.userId) return
    const previous = ctx.userId
    ctx.setUser(target)
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
    if (ctx.userId === null) return
    const userId = ctx.userId
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
      if (status === 'skipped' && ctx.userId !== null) void registration.register()
      return
    }
    if (status === 'idle' || status === 'skipped' || status === 'evicted') return
    const generation = ctx.generation
    void watch.stopWatching().then(() => {
      if (phase !== 'started' || generation !== ctx.generation || !isAdminPath(route.pathname())) return
      watch.cancelUpdates()
      ctx.endLocally({ status: 'skipped', lastError: null })
    })
  }

  function onTabMessage(message: DeviceTabMessage): void {
    const state = store.getState()
    if (message.sessionId !== state.sessionId) return
    switch (message.type) {
      case 'contact':
        ctx.noteOtherTabContact(message.at, message.heartbeat)
        return
      case 'watch':
        ctx.noteOtherTabWatch(message.tabId, message.videoId)
        return
      case 'query':
        if (state.isWatchingVideo) ctx.postWatch(state.videoId)
        return
      case 'server-state':
        if (state.isInitialized) ctx.applyHint(message.state, message.sentAt, false)
        return
      case 'evicted':
        if (state.isInitialized || state.status === 'registering') {
          ctx.evict(message.reason, message.message, false, message.byThisDevice === true)
        }
        return
      case 'ended':
        // Another tab of this device signed out (or switched user): the server already knows.
        ctx.noteEnded(message.sessionId)
        if (state.isInitialized || state.status === 'registering') {
          watch.cancelUpdates()
          ctx.endLocally({ status: 'idle' })
        }
        return
    }
  }

  return {
    store,
    events,
    limitDialog,
    start() {
      if (phase !== 'idle') return
      phase = 'started'
      ctx.openChannel(onTabMessage)
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
      ctx.close()
      for (const cleanup of cleanups.splice(0)) cleanup()
      if (!deps.route) route.dispose()
      events.all.clear()
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
    isWatching: () => store.getState().isWatchingVideo,
  }
}
